import { OTP_RESEND_SECONDS, maskPhone, type ErrorCode } from '@rr/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLanguage, useT } from '../../i18n/index.tsx';
import { refusedWith } from '../../lib/api-client.ts';
import { useSendOtp } from './api.ts';
import { rememberSentCode, validSentCode } from './sent-codes.ts';

/** Refusals of a code whose Retry-After says when one may be asked for again: the countdown follows it. */
const SAYS_WHEN: ErrorCode[] = ['CODE_RESEND_WAIT', 'CODE_HOURLY_LIMIT', 'CODE_DAILY_LIMIT', 'RATE_LIMITED'];

/** SPEC §2/§9: how long the reply to 'Resend OTP' stays on screen. */
const RESEND_MESSAGE_MS = 1000;

/** Whole seconds left until a deadline, ticking once a second until it reaches zero. */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));

  const restart = useCallback(
    (from: number = seconds) => {
      const at = Date.now();
      setDeadline(at + from * 1000);
      setNow(at);
    },
    [seconds],
  );

  // Ticks on each whole second left until the countdown reaches zero.
  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), (deadline - Date.now()) % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [deadline, now, secondsLeft]);

  return { secondsLeft, restart };
}

/**
 * Sends a code to `phone` on entry, unless this browser had one sent there that is still valid (then
 * `earlierCodeAt` says when), and again on `resend`, which waits for the countdown. The countdown runs
 * from the server's reply (or the earlier code), so it never ends before the server allows a resend;
 * asked too soon, the server says how long to wait and the countdown follows it. `flash` is the
 * resend's reply, briefly.
 */
export function useOtpSending(phone: string, onResent: () => void) {
  const language = useLanguage();
  const t = useT();
  const send = useSendOtp();
  const { mutate: sendCode } = send;
  const { secondsLeft, restart } = useCountdown(OTP_RESEND_SECONDS);
  const [flash, setFlash] = useState<string | null>(null);
  const [earlierCodeAt, setEarlierCodeAt] = useState<number | null>(null);
  const sent = useRef(false);

  const followServer = useCallback(
    (error: Error) => {
      if (refusedWith(error, ...SAYS_WHEN) && error.retryAfter) restart(error.retryAfter);
    },
    [restart],
  );
  const sentNow = useCallback(() => {
    rememberSentCode(phone);
    setEarlierCodeAt(null);
    restart();
  }, [phone, restart]);

  // At most one code on entry, even when StrictMode runs this effect twice (the ref outlives that).
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const earlier = validSentCode(phone);
    if (earlier !== null) {
      setEarlierCodeAt(earlier);
      restart(Math.max(0, OTP_RESEND_SECONDS - (Date.now() - earlier) / 1000));
      return;
    }
    sendCode({ phone }, { onSuccess: sentNow, onError: followServer });
  }, [phone, sendCode, restart, followServer, sentNow]);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), RESEND_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const resend = () => {
    setFlash(null);
    sendCode(
      { phone },
      {
        onSuccess: (reply) => {
          // English says the server's words; Hindi its own, with the same masked number.
          setFlash(language === 'en' ? reply.message : t('account.codeSentTo', { phone: maskPhone(phone) }));
          onResent();
          sentNow();
        },
        onError: followServer,
      },
    );
  };

  return { send, secondsLeft, flash, resend, earlierCodeAt };
}

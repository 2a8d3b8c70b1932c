import { OTP_LENGTH, OTP_VALID_MINUTES, maskPhone, type ErrorCode } from '@rr/core';
import { useT, type Translate } from '../../../i18n/index.tsx';
import { useErrorText } from '../../../i18n/error-text.ts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Message } from '../../../components/message.tsx';
import { refusedWith } from '../../../lib/api-client.ts';
import { useVerifyOtp } from '../api.ts';
import styles from '../pages/account.module.css';
import { forgetSentCode } from '../sent-codes.ts';
import { useOtpSending } from '../use-otp-sending.ts';
import { OtpInput, type OtpInputHandle } from './otp-input.tsx';

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');

/** Codes that will never work again: the next visit may ask for a new one at once. */
const DEAD_CODES: ErrorCode[] = ['CODE_EXPIRED', 'CODE_USED_UP'];

/** What the code form says first: the code being sent, sent earlier (still valid), just sent, or to enter. */
function leadText(t: Translate, phone: string, sending: boolean, earlierCodeAt: number | null, tooSoon: boolean) {
  const masked = maskPhone(phone);
  if (sending) return t('account.codeSending', { phone: masked });
  if (earlierCodeAt !== null) {
    const count = Math.ceil((earlierCodeAt + OTP_VALID_MINUTES * 60_000 - Date.now()) / 60_000);
    return t('account.codeSentEarlier', { phone: masked, count });
  }
  if (tooSoon) return t('account.codeJustSent', { phone: masked, minutes: OTP_VALID_MINUTES });
  return t('account.codeEnter', { phone: masked, length: OTP_LENGTH, minutes: OTP_VALID_MINUTES });
}

/**
 * Sends a code to `phone` on entry (unless one sent from this browser is still valid), then checks
 * the one typed; 'Resend OTP' once the countdown ends.
 */
export function CodeForm({ phone }: { phone: string }) {
  const t = useT();
  const errorText = useErrorText();
  const verify = useVerifyOtp();
  const { send, secondsLeft, flash, resend, earlierCodeAt } = useOtpSending(phone, () => verify.reset());
  const [digits, setDigits] = useState(emptyCode);
  const [incomplete, setIncomplete] = useState(false);
  const input = useRef<OtpInputHandle>(null);

  const submitCode = (code: readonly string[]) => {
    const otp = code.join('');
    if (otp.length !== OTP_LENGTH) {
      setIncomplete(true);
      input.current?.focusBox(code.findIndex((d) => d === ''));
      return;
    }
    setIncomplete(false);
    if (verify.isPending) return;
    const retry = (error: Error) => {
      if (refusedWith(error, ...DEAD_CODES)) forgetSentCode();
      setDigits(emptyCode());
      input.current?.focusBox(0);
    };
    verify.mutate({ phone, otp }, { onSuccess: forgetSentCode, onError: retry });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitCode(digits);
  };

  if (refusedWith(send.error, 'PHONE_NOT_REGISTERED')) {
    // The links below the form offer registering or another number.
    return <Message variant="danger">{errorText(send.error)}</Message>;
  }
  // The day's or the hour's codes used up is said as the server says it; only a code sent a moment ago is not.
  const tooSoon = refusedWith(send.error, 'CODE_RESEND_WAIT');
  return (
    <>
      <p className={styles.lead}>{leadText(t, phone, send.isPending && !send.isSuccess, earlierCodeAt, tooSoon)}</p>
      {send.isError && !tooSoon && <Message variant="danger">{errorText(send.error)}</Message>}
      {verify.isError && <Message variant="danger">{errorText(verify.error)}</Message>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <OtpInput
          handle={input}
          digits={digits}
          onChange={setDigits}
          onComplete={submitCode}
          incomplete={incomplete}
          describedBy={incomplete ? 'otp-incomplete' : undefined}
        />
        {incomplete && (
          <p id="otp-incomplete" className={styles.problem}>
            {t('account.codeIncomplete', { length: OTP_LENGTH })}
          </p>
        )}
        <Button type="submit" block busy={verify.isPending}>
          {t('account.verify')}
        </Button>
      </form>
      <div className={styles.resend}>
        <Button
          variant="outline"
          disabled={secondsLeft > 0 || send.isPending}
          onClick={resend}
          aria-describedby="otp-countdown"
        >
          {t('account.resendOtp')}
        </Button>
        <p id="otp-countdown" className={styles.countdown}>
          {secondsLeft > 0 ? t('account.resendIn', { seconds: secondsLeft }) : t('account.resendNow')}
        </p>
      </div>
      {flash && (
        <div className={styles.flash}>
          <Message variant="success">{flash}</Message>
        </div>
      )}
    </>
  );
}

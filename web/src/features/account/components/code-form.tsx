import { OTP_LENGTH, OTP_VALID_MINUTES, maskPhone, type ErrorCode } from '@rr/core';
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

/**
 * Sends a code to `phone` on entry (unless one sent from this browser is still valid), then checks
 * the one typed; 'Resend OTP' once the countdown ends.
 */
export function CodeForm({ phone }: { phone: string }) {
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
    return <Message variant="danger">{send.error.message}</Message>;
  }
  // The day's or the hour's codes used up is said as the server says it; only a code sent a moment ago is not.
  const tooSoon = refusedWith(send.error, 'CODE_RESEND_WAIT');
  const minutesLeft =
    earlierCodeAt === null ? 0 : Math.ceil((earlierCodeAt + OTP_VALID_MINUTES * 60_000 - Date.now()) / 60_000);
  return (
    <>
      <p className={styles.lead}>
        {send.isPending && !send.isSuccess
          ? `Sending a code by SMS to ${maskPhone(phone)}…`
          : earlierCodeAt !== null
            ? `We sent a code by SMS to ${maskPhone(phone)} a little while ago. Enter it below; it is still valid for ${minutesLeft} minute${minutesLeft === 1 ? '' : 's'}.`
            : tooSoon
              ? `A code was sent by SMS to ${maskPhone(phone)} a moment ago. Enter it below; it is valid for ${OTP_VALID_MINUTES} minutes.`
              : `Enter the ${OTP_LENGTH}-digit code we sent by SMS to ${maskPhone(phone)}. It is valid for ${OTP_VALID_MINUTES} minutes.`}
      </p>
      {send.isError && !tooSoon && <Message variant="danger">{send.error.message}</Message>}
      {verify.isError && <Message variant="danger">{verify.error.message}</Message>}
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
            Enter all {OTP_LENGTH} digits of the code.
          </p>
        )}
        <Button type="submit" block busy={verify.isPending}>
          Verify
        </Button>
      </form>
      <div className={styles.resend}>
        <Button
          variant="outline"
          disabled={secondsLeft > 0 || send.isPending}
          onClick={resend}
          aria-describedby="otp-countdown"
        >
          Resend OTP
        </Button>
        <p id="otp-countdown" className={styles.countdown}>
          {secondsLeft > 0 ? `You can ask for a new code in ${secondsLeft} s.` : 'Did not get it? Ask for a new code.'}
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

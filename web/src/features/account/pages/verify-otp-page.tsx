import {
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_VALID_MINUTES,
  maskPhone,
  normalizeIndianMobile,
  resendOtpBody,
} from '@rr/core';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FormField, fieldErrors } from '../../../components/form-field.tsx';
import { Message } from '../../../components/message.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSendOtp, useVerifyOtp } from '../api.ts';
import { isAdminPath, redirectTarget, withRedirect } from '../redirect-target.ts';
import { useUserInfo } from '../session-store.ts';
import styles from './account.module.css';

/** SPEC §2/§9: how long the reply to 'Resend OTP' stays on screen. */
const RESEND_MESSAGE_MS = 1000;

/** /verifyotp?phone=&redirect=: asks for the phone when it is missing, then sends a code and checks it. */
export function VerifyOtpPage() {
  usePageTitle('Verify OTP | Rudraksha Ratna');
  const user = useUserInfo();
  const [searchParams, setSearchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const target = redirectTarget(redirect);
  const givenPhone = searchParams.get('phone') ?? '';
  const phone = normalizeIndianMobile(givenPhone);

  if (user && (user.isAdmin || !isAdminPath(target))) return <Navigate to={target} replace />;
  return (
    <div className={`container page ${styles.narrow}`}>
      <h1>Verify OTP</h1>
      <div className={`card ${styles.panel}`}>
        {phone ? (
          <CodeForm key={phone} phone={phone} />
        ) : (
          <PhoneForm
            initialPhone={givenPhone}
            onPhone={(next) => {
              const params = new URLSearchParams({ phone: next });
              if (redirect) params.set('redirect', redirect);
              setSearchParams(params);
            }}
          />
        )}
        <div className={styles.alternatives}>
          {phone && (
            <p>
              <Link to={withRedirect('/verifyotp', redirect)}>Use a different phone number</Link>
            </p>
          )}
          <p>
            Know your password? <Link to={withRedirect('/login', redirect)}>Sign in with your password</Link>
          </p>
          <p>
            New Customer? <Link to={withRedirect('/register', redirect)}>Register</Link>
          </p>
        </div>
      </div>
    </div>
  );
}

function PhoneForm({ initialPhone, onPhone }: { initialPhone: string; onPhone: (phone: string) => void }) {
  const [phone, setPhone] = useState(initialPhone);
  const check = (value: string) => {
    const parsed = resendOtpBody.safeParse({ phone: value });
    return parsed.success ? { phone: parsed.data.phone } : { error: fieldErrors(parsed.error.issues).phone };
  };
  // A number in the link that is not a mobile number is pointed out straight away.
  const [error, setError] = useState(() => (initialPhone ? check(initialPhone).error : undefined));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = check(phone);
    setError(result.error);
    if (result.phone) onPhone(result.phone);
  };
  return (
    <>
      <p className={styles.lead}>We will send a 4-digit code by SMS to the mobile number of your account.</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField
          label="Phone Number"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="10-digit mobile number"
          maxLength={20}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={error}
          required
        />
        <button type="submit" className="btn btn-block">
          Send OTP
        </button>
      </form>
    </>
  );
}

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');

function CodeForm({ phone }: { phone: string }) {
  const send = useSendOtp();
  const verify = useVerifyOtp();
  const { mutate: sendCode } = send;
  const [digits, setDigits] = useState(emptyCode);
  const [incomplete, setIncomplete] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  const [deadline, setDeadline] = useState(() => Date.now() + OTP_RESEND_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const sent = useRef(false);
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));

  // The countdown runs from the server's reply, so it never ends before the server allows a resend.
  const restartCountdown = useCallback((seconds: number = OTP_RESEND_SECONDS) => {
    const at = Date.now();
    setDeadline(at + seconds * 1000);
    setNow(at);
  }, []);
  // Asked again too soon: the server says how long to wait, and the countdown follows it.
  const followServer = useCallback(
    (error: Error) => {
      if (error instanceof ApiError && error.status === 429 && error.retryAfter) restartCountdown(error.retryAfter);
    },
    [restartCountdown],
  );

  // One code on entry, even when StrictMode runs this effect twice (the ref outlives that).
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    sendCode({ phone }, { onSuccess: () => restartCountdown(), onError: followServer });
  }, [phone, sendCode, restartCountdown, followServer]);

  // Ticks on each whole second left until the countdown reaches zero.
  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), (deadline - Date.now()) % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [deadline, now, secondsLeft]);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), RESEND_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const focusBox = (index: number) => boxes.current[Math.min(Math.max(index, 0), OTP_LENGTH - 1)]?.focus();

  const submitCode = (code: string[]) => {
    const otp = code.join('');
    if (otp.length !== OTP_LENGTH) {
      setIncomplete(true);
      focusBox(code.findIndex((d) => d === ''));
      return;
    }
    setIncomplete(false);
    if (verify.isPending) return;
    verify.mutate(
      { phone, otp },
      {
        onError: () => {
          setDigits(emptyCode());
          focusBox(0);
        },
      },
    );
  };

  /** Writes typed or pasted digits from box `index` on; a whole code always fills from the first box. */
  const fill = (index: number, typed: string) => {
    const start = typed.length >= OTP_LENGTH ? 0 : index;
    const next = [...digits];
    const chars = typed.slice(0, OTP_LENGTH - start);
    [...chars].forEach((d, i) => (next[start + i] = d));
    setDigits(next);
    focusBox(start + chars.length);
    if (start + chars.length >= OTP_LENGTH && next.every((d) => d !== '')) submitCode(next);
  };

  const onChange = (index: number, input: HTMLInputElement) => {
    let typed = input.value.replace(/\D/g, '');
    // A digit typed into a filled box (caret not selecting it) replaces the old one.
    if (digits[index] && typed.length === 2 && input.selectionStart !== null) {
      typed = input.value.charAt(input.selectionStart - 1).replace(/\D/g, '') || typed.charAt(1);
    }
    if (!typed) {
      setDigits((current) => current.map((d, i) => (i === index ? '' : d)));
      return;
    }
    fill(index, typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setDigits((current) => current.map((d, i) => (i === index - 1 ? '' : d)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (pasted) fill(index, pasted);
  };

  const resend = () => {
    setFlash(null);
    sendCode(
      { phone },
      {
        onSuccess: (reply) => {
          setFlash(reply.message);
          verify.reset();
          restartCountdown();
        },
        onError: followServer,
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitCode(digits);
  };

  if (send.error instanceof ApiError && send.error.status === 404) {
    // The links below the form offer registering or another number.
    return <Message variant="danger">{send.error.message}</Message>;
  }
  const tooSoon = send.error instanceof ApiError && send.error.status === 429;
  return (
    <>
      <p className={styles.lead}>
        {send.isPending && !send.isSuccess
          ? `Sending a code by SMS to ${maskPhone(phone)}…`
          : tooSoon
            ? `A code was sent by SMS to ${maskPhone(phone)} a moment ago. Enter it below; it is valid for ${OTP_VALID_MINUTES} minutes.`
            : `Enter the ${OTP_LENGTH}-digit code we sent by SMS to ${maskPhone(phone)}. It is valid for ${OTP_VALID_MINUTES} minutes.`}
      </p>
      {send.isError && !tooSoon && <Message variant="danger">{send.error.message}</Message>}
      {verify.isError && <Message variant="danger">{verify.error.message}</Message>}
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.otp} aria-describedby={incomplete ? 'otp-incomplete' : undefined}>
          <legend>One-time code</legend>
          <div className={styles.otpBoxes}>
            {digits.map((digit, index) => (
              <input
                key={index}
                ref={(el) => {
                  boxes.current[index] = el;
                }}
                className={styles.otpBox}
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete={index === 0 ? 'one-time-code' : 'off'}
                aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
                aria-invalid={(incomplete && !digit) || undefined}
                autoFocus={index === 0}
                value={digit}
                onFocus={(e) => e.target.select()}
                onChange={(e) => onChange(index, e.target)}
                onKeyDown={(e) => onKeyDown(index, e)}
                onPaste={(e) => onPaste(index, e)}
              />
            ))}
          </div>
        </fieldset>
        {incomplete && (
          <p id="otp-incomplete" className={styles.problem}>
            Enter all {OTP_LENGTH} digits of the code.
          </p>
        )}
        <button type="submit" className="btn btn-block" disabled={verify.isPending}>
          Verify
        </button>
      </form>
      <div className={styles.resend}>
        <button
          type="button"
          className="btn btn-outline"
          disabled={secondsLeft > 0 || send.isPending}
          onClick={resend}
          aria-describedby="otp-countdown"
        >
          Resend OTP
        </button>
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

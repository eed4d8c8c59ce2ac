import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { FIELD_MAX } from '@postwright/contracts';
import { Logo } from '../../../components/site/logo';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { IconArrowLeft, IconCheck } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { site } from '../../../config/site';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './auth-page.module.css';

export type AuthMode = 'login' | 'signup';

/** Navigation state a pricing button passes to signup. */
interface SignupState {
  plan?: unknown;
  period?: unknown;
}

const copy = {
  login: {
    title: 'Welcome back',
    subtitle: 'Sign in to keep writing posts worth reading.',
    submit: 'Sign in',
    busy: 'Signing in...',
    fallback: 'Login failed',
    switchText: "Don't have an account?",
    switchLink: 'Sign up',
    switchTo: paths.signup,
  },
  signup: {
    title: 'Create your account',
    subtitle: `Start your ${site.trialDays}-day free trial. No credit card required.`,
    submit: 'Create account',
    busy: 'Creating account...',
    fallback: 'Signup failed',
    switchText: 'Already have an account?',
    switchLink: 'Sign in',
    switchTo: paths.login,
  },
} as const;

function selectedPlan(state: unknown): string | null {
  const plan = (state as SignupState | null)?.plan;
  return typeof plan === 'string' && plan.trim() && plan.length <= 40 ? plan.trim() : null;
}

function selectedPeriod(state: unknown): string | null {
  const period = (state as SignupState | null)?.period;
  return period === 'monthly' || period === 'yearly' ? period : null;
}

/**
 * One form in login or signup mode (spec section 2, auth screen). Signed-in visitors never see
 * it: the guest guard sends them on to where they came from, else the dashboard.
 */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const { login, signup } = useAuth();
  const location = useLocation();
  const text = copy[mode];
  const plan = mode === 'signup' ? selectedPlan(location.state) : null;
  const period = plan ? selectedPeriod(location.state) : null;

  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const confirmRef = useRef<HTMLInputElement>(null);

  function update(name: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (name === 'password' || name === 'confirmPassword') setMismatch(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = values.email.trim();
    if (mode === 'login') {
      if (!email || !values.password) return;
    } else {
      if (!values.firstName.trim() || !values.lastName.trim() || !email || !values.password || !values.confirmPassword) return;
      // Spec section 5: mismatched passwords do not submit. The confirmation is marked invalid.
      if (values.password !== values.confirmPassword) {
        setMismatch(true);
        confirmRef.current?.focus();
        return;
      }
    }
    setBusy(true);
    setError(null);
    try {
      if (mode === 'login') await login({ email, password: values.password });
      else await signup({ email, password: values.password, firstName: values.firstName.trim(), lastName: values.lastName.trim() });
    } catch (err) {
      setError(errorMessage(err, text.fallback));
      setBusy(false);
    }
  }

  return (
    <div className={styles.formWrap}>
      <div className={styles.formHeader}>
        <h1 className={styles.title}>{text.title}</h1>
        <p className={styles.subtitle}>{text.subtitle}</p>
      </div>

      {plan ? (
        <p className={styles.plan} data-testid="selected-plan">
          <IconCheck size={16} />
          <span>
            Selected plan: <strong>{plan}</strong>
            {period ? ` (${period})` : null}
          </span>
        </p>
      ) : null}

      {error ? (
        <Alert tone="danger" className={styles.error}>
          {error}
        </Alert>
      ) : null}

      <form className={styles.form} onSubmit={onSubmit} noValidate={false}>
        {mode === 'signup' ? (
          <div className={styles.row}>
            <Input
              label="First Name"
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={FIELD_MAX.firstName}
              value={values.firstName}
              onChange={(e) => update('firstName', e.target.value)}
            />
            <Input
              label="Last Name"
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={FIELD_MAX.lastName}
              value={values.lastName}
              onChange={(e) => update('lastName', e.target.value)}
            />
          </div>
        ) : null}
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={FIELD_MAX.email}
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
        />
        <Input
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          hint={mode === 'signup' ? 'At least 8 characters.' : undefined}
          required
          maxLength={FIELD_MAX.password}
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
        />
        {mode === 'signup' ? (
          <Input
            ref={confirmRef}
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            maxLength={FIELD_MAX.password}
            invalid={mismatch}
            value={values.confirmPassword}
            onChange={(e) => update('confirmPassword', e.target.value)}
          />
        ) : null}
        <Button type="submit" variant="primary" size="lg" block loading={busy}>
          {busy ? text.busy : text.submit}
        </Button>
      </form>

      <p className={styles.switch}>
        {text.switchText}{' '}
        <Link to={text.switchTo} state={location.state}>
          {text.switchLink}
        </Link>
      </p>
    </div>
  );
}

function AuthPage({ mode }: { mode: AuthMode }) {
  useDocumentTitle(mode === 'login' ? 'Sign in' : 'Create your account');
  return (
    <div className={styles.page}>
      <main className={styles.main} id="main">
        <div className={styles.topBar}>
          <Logo />
          <Link to={paths.home} className={styles.home}>
            <IconArrowLeft size={16} />
            Back to home
          </Link>
        </div>
        <AuthForm key={mode} mode={mode} />
        <p className={styles.legal}>
          By continuing you agree to our <Link to={paths.terms}>Terms of Service</Link> and <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      </main>
      <aside className={styles.aside} aria-label="What executives say">
        <div className={styles.asideInner}>
          <p className={styles.asideEyebrow}>Postwright</p>
          <blockquote className={styles.asideQuote}>
            <p>
              “The $1,000 insight test changed how I write. My audience grew from 2K to 44K followers in 16 months, and the right people
              now reach out to me.”
            </p>
          </blockquote>
          <p className={styles.asideAuthor}>
            <strong>Elena Rossi</strong>
            <span>Chief Operating Officer, Lumen Health</span>
          </p>
          <ul className={styles.asideList}>
            <li>
              <IconCheck size={16} /> Five proven content types
            </li>
            <li>
              <IconCheck size={16} /> Five hooks with every post
            </li>
            <li>
              <IconCheck size={16} /> Publish or schedule to LinkedIn
            </li>
          </ul>
        </div>
      </aside>
    </div>
  );
}

export function LoginPage() {
  return <AuthPage mode="login" />;
}

export function SignupPage() {
  return <AuthPage mode="signup" />;
}

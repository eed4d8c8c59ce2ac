import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { FIELD_MAX } from '@postwright/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input, useFocusFirstInvalid } from '../../../components/ui/field';
import { IconCheck } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { trialTerms } from '../../../config/site';
import { useAuth } from '../../../lib/auth';
import { placeServerError, validateAuth, type AuthErrors, type AuthField, type AuthMode, type AuthValues } from './auth-validation';
import styles from './auth-page.module.css';

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
    forgot: 'Forgot password?',
  },
  signup: {
    title: 'Create your account',
    subtitle: `Start your ${trialTerms}.`,
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
 * One form in login or signup mode. Signed-in visitors never see
 * it: the guest guard sends them on to where they came from, else the dashboard. Every problem
 * is shown on its field in text, and a refused submit moves focus to the first field in error.
 */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const { login, signup } = useAuth();
  const location = useLocation();
  const text = copy[mode];
  const plan = mode === 'signup' ? selectedPlan(location.state) : null;
  const period = plan ? selectedPeriod(location.state) : null;

  const [values, setValues] = useState<AuthValues>({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<AuthErrors>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  function update(name: AuthField, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    // editing a field clears its message; a new password also settles whether the confirmation matches
    setErrors((current) => {
      const next = { ...current };
      delete next[name];
      if (name === 'password') delete next.confirmPassword;
      return next;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateAuth(mode, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setError(null);
    const email = values.email.trim();
    try {
      if (mode === 'login') await login({ email, password: values.password });
      else await signup({ email, password: values.password, firstName: values.firstName.trim(), lastName: values.lastName.trim() });
    } catch (failure) {
      const placed = placeServerError(failure, text.fallback);
      setErrors(placed.fields);
      setError(placed.message);
      setBusy(false);
      if (!placed.message) focusFirstInvalid();
    }
  }

  const field = (name: AuthField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => update(name, e.target.value),
  });

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

      {/* noValidate: the form's own messages, on the fields, instead of the browser's passing bubbles */}
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        {mode === 'signup' ? (
          <div className={styles.row}>
            <Input label="First Name" autoComplete="given-name" required maxLength={FIELD_MAX.firstName} {...field('firstName')} />
            <Input label="Last Name" autoComplete="family-name" required maxLength={FIELD_MAX.lastName} {...field('lastName')} />
          </div>
        ) : null}
        <Input label="Email" type="email" autoComplete="email" inputMode="email" required maxLength={FIELD_MAX.email} {...field('email')} />
        <Input
          label="Password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          hint={mode === 'signup' ? 'At least 8 characters.' : undefined}
          required
          maxLength={FIELD_MAX.password}
          {...field('password')}
        />
        {mode === 'login' ? (
          <p className={styles.forgot}>
            {/* the address typed so far goes along, so it need not be typed twice */}
            <Link to={paths.forgotPassword} state={{ email: values.email.trim() }}>
              {copy.login.forgot}
            </Link>
          </p>
        ) : null}
        {mode === 'signup' ? (
          <Input label="Confirm Password" type="password" autoComplete="new-password" required maxLength={FIELD_MAX.password} {...field('confirmPassword')} />
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

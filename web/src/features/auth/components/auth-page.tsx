import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthForm } from './auth-form';
import { AuthShell } from './auth-shell';
import type { AuthMode } from './auth-validation';

export type { AuthMode } from './auth-validation';
export { AuthForm } from './auth-form';

function AuthPage({ mode }: { mode: AuthMode }) {
  useDocumentTitle(mode === 'login' ? 'Sign in' : 'Create your account');
  return (
    <AuthShell legal>
      <AuthForm key={mode} mode={mode} />
    </AuthShell>
  );
}

export function LoginPage() {
  return <AuthPage mode="login" />;
}

export function SignupPage() {
  return <AuthPage mode="signup" />;
}

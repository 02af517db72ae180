import { LoadOnFirstPress, lazyNamed } from '../../components/load-when';
import { LoginAttemptsButton } from './login-attempts-button';

const LoginAttemptsDialog = lazyNamed(() => import('./login-attempts-dialog'), 'LoginAttemptsDialog');

/** The Login Attempts button alone until it is first pressed; then the dialog's code (ISP logos too) loads and opens. */
export function LoginAttemptsOnDemand({ compact = false }: { compact?: boolean }) {
  return (
    <LoadOnFirstPress button={(onPress) => <LoginAttemptsButton compact={compact} onClick={onPress} />}>
      <LoginAttemptsDialog compact={compact} defaultOpen />
    </LoadOnFirstPress>
  );
}

import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../features/auth/components/form-field';
import { LoginForm } from '../../features/auth/components/login-form';

/** The back-office door: refuses valid non-admin accounts with 'Acceso no autorizado'. */
export function AdminLoginPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.adminLogin.title')} subtitle={t('auth.adminLogin.subtitle')}>
      <LoginForm door="admin" />
    </AuthCard>
  );
}

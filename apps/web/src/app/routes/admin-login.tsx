import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { useSession } from '../../lib/session';

/**
 * The back-office door: refuses valid non-admin accounts with 'Acceso no
 * autorizado', asks an admin with two-factor sign-in for the code, and in
 * production walks an admin without it through the enrolment before the back
 * office opens.
 */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  // Kept once started: confirming the enrolment makes the user an admin before the recovery codes are shown.
  const [isEnrolling, setIsEnrolling] = useState(false);
  if (user?.twoFactorEnrolmentRequired && !isEnrolling) setIsEnrolling(true);

  if (isEnrolling && user) {
    return (
      <AuthCard title={t('twoFactor.enrolTitle')} subtitle={t('twoFactor.enrolText')}>
        <TwoFactorSettings
          user={user}
          enrolledLabel={t('twoFactor.enrolContinue')}
          onEnrolled={() => void navigate('/admin', { replace: true })}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.adminLogin.title')} subtitle={t('auth.adminLogin.subtitle')}>
      <LoginForm door="admin" />
    </AuthCard>
  );
}

import { COMPANY_TYPES } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';

/** The company types as a select's options, in the reader's language (sign-up and the profile settings). */
export function CompanyTypeOptions() {
  const { t } = useTranslation();
  return COMPANY_TYPES.map((type) => (
    <option key={type} value={type}>
      {t(`companyTypes.${type}`)}
    </option>
  ));
}

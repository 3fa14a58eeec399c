import { LEGAL_DOCUMENTS, TERMS_VERSION } from '@tradeops/shared';
import { type InputHTMLAttributes, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The checkbox an order needs: "I accept the terms of service, the privacy policy and
 * the escrow agreement (version …)", each document a link opening in a new tab. The form
 * sends TERMS_VERSION with the order; the server refuses any other version.
 */
export function TermsAcceptance({
  inputProps,
  hasError,
  className,
}: {
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  hasError: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <div className={className}>
      <label className="flex gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          {...inputProps}
          aria-invalid={hasError}
          aria-describedby={hasError ? errorId : undefined}
          className="mt-0.5 size-4 shrink-0 accent-accent-700"
          data-testid="terms-acceptance"
        />
        <span>
          <Trans
            i18nKey="legal.acceptOrder"
            values={{ version: TERMS_VERSION }}
            components={Object.fromEntries(
              LEGAL_DOCUMENTS.map((document) => [
                document.key,
                <Link
                  key={document.key}
                  to={document.path}
                  target="_blank"
                  className="font-medium text-accent-700 underline"
                />,
              ]),
            )}
          />
        </span>
      </label>
      {hasError && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {t('validation.termsRequired')}
        </p>
      )}
    </div>
  );
}

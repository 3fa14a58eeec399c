import { ZReviewReasonRequest } from '@tradeops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, Form, FormRootAlert, setFormError, useZodForm } from '../../../components/ui/form';

const ZReason = ZReviewReasonRequest.pick({ reason: true });

/** A rejection with its required reason (spec §5: an empty reason is refused), checked by the shared schema. */
export function RejectWithReason({
  label,
  onReject,
  isPending,
}: {
  label: string;
  onReject: (reason: string) => Promise<unknown>;
  isPending: boolean;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const form = useZodForm(ZReason, { mode: 'onSubmit', defaultValues: { reason: '' } });

  async function submit({ reason }: { reason: string }) {
    try {
      await onReject(reason);
      setIsOpen(false);
      form.reset();
    } catch (cause) {
      setFormError(form, cause instanceof Error ? cause.message : t('errors.INTERNAL_ERROR'));
    }
  }

  if (!isOpen) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        {label}
      </Button>
    );
  }
  return (
    <Form form={form} onSubmit={submit} hasRootAlert={false} className="w-full space-y-2">
      <Field name="reason" label={t('adminKyc.reason')}>
        {(control) => <textarea {...control} rows={2} maxLength={500} placeholder={t('adminKyc.reasonPlaceholder')} />}
      </Field>
      <FormRootAlert />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isPending}>
          {t('adminKyc.confirmReject')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setIsOpen(false)}>
          {t('adminKyc.cancel')}
        </Button>
      </div>
    </Form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { readCheckoutDraft, writeCheckoutDraft } from '../lib/checkout-draft';
import { checkoutFormSchema, emptyCheckoutForm, type CheckoutField, type CheckoutFormValues } from '../lib/checkout-form';

export type CheckoutForm = UseFormReturn<CheckoutFormValues>;

/**
 * The checkout form. Errors appear when the customer tries to leave a step (Suivant) and each one
 * clears as soon as its field is edited (spec 2 §5), not on every keystroke's re-validation.
 */
export function useCheckoutForm() {
  const [draft] = useState(readCheckoutDraft);
  const form = useForm<CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { ...emptyCheckoutForm, ...draft },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { register, clearErrors, subscribe } = form;

  // What is typed survives a reload in this tab (see checkout-draft).
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => writeCheckoutDraft(values) }), [subscribe]);

  /** register() whose change also clears the field's error. */
  const field = useCallback(
    (name: CheckoutField) =>
      register(name, {
        onChange: () => clearErrors(name),
      }),
    [register, clearErrors],
  );

  return { form, field };
}

export type FieldRegistrar = ReturnType<typeof useCheckoutForm>['field'];

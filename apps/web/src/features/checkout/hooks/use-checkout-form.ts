import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { checkoutFormSchema, emptyCheckoutForm, type CheckoutField, type CheckoutFormValues } from '../lib/checkout-form';

export type CheckoutForm = UseFormReturn<CheckoutFormValues>;

/**
 * The checkout form. Errors appear when the customer tries to leave a step (Suivant) and each one
 * clears as soon as its field is edited (spec 2 §5), not on every keystroke's re-validation.
 */
export function useCheckoutForm(initial: Partial<CheckoutFormValues> = {}) {
  const form = useForm<CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { ...emptyCheckoutForm, ...initial },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { register, clearErrors } = form;

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

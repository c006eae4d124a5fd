import { Field } from '../../../components/ui/field';
import type { CheckoutForm, FieldRegistrar } from '../hooks/use-checkout-form';

type StepInformationProps = { form: CheckoutForm; field: FieldRegistrar; signedIn: boolean };

/** Step 1 "Vos coordonnées": e-mail, first name, last name, phone (only presence is checked). */
export function StepInformation({ form, field, signedIn }: StepInformationProps) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Adresse e-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="off"
        spellCheck={false}
        className="sm:col-span-2"
        hint={signedIn ? undefined : 'Pour recevoir la confirmation et le suivi de votre commande.'}
        error={errors.email?.message}
        {...field('email')}
      />
      <Field label="Prénom" autoComplete="given-name" error={errors.firstName?.message} {...field('firstName')} />
      <Field label="Nom" autoComplete="family-name" error={errors.lastName?.message} {...field('lastName')} />
      <Field
        label="Téléphone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        className="sm:col-span-2"
        hint="Nous vous appelons seulement si besoin pour votre commande."
        error={errors.phone?.message}
        {...field('phone')}
      />
    </div>
  );
}

import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { deviceCategories } from '@erepare/shared/ticket-status';
import type { DeviceInput } from '@erepare/shared/schemas/admin-repair';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { AMOUNT_FORMAT_MESSAGE, centsToInput, parseEuros } from '../shop/money';
import { SelectField } from '../shop/kit';

/** One device as typed in the form (the estimate in euros). */
export type DeviceValues = { category: string; brand: string; name: string; model: string; imei: string; serial: string; fault: string; price: string };

export const emptyDevice: DeviceValues = { category: 'Téléphone', brand: '', name: '', model: '', imei: '', serial: '', fault: '', price: '' };

export function deviceToValues(device: { category: string; brand: string; name: string; model: string; imei: string; serial: string; fault: string; priceCents: number }): DeviceValues {
  // Only the form's fields: the API's device carries more (its status), which the patch refuses.
  const { category, brand, name, model, imei, serial, fault } = device;
  return { category, brand, name, model, imei, serial, fault, price: device.priceCents ? centsToInput(device.priceCents) : '' };
}

/** The API body of the devices, or the index and message of the first estimate that is not an amount. */
export function devicesToBody(devices: DeviceValues[]): { devices: DeviceInput[] } | { index: number; message: string } {
  const out: DeviceInput[] = [];
  for (const [index, device] of devices.entries()) {
    const price = parseEuros(device.price);
    if (price !== null && (Number.isNaN(price) || price < 0)) return { index, message: AMOUNT_FORMAT_MESSAGE };
    const { price: _price, category, ...rest } = device;
    void _price;
    out.push({
      ...rest,
      ...(category ? { category: category as DeviceInput['category'] & string } : {}),
      ...(price !== null ? { priceCents: price } : {}),
    } as DeviceInput);
  }
  return { devices: out };
}

/** `devices.0.priceCents` (schema) → `devices.0.price` (form). */
export const deviceIssuePath = (key: string) => key.replace(/^devices\.(\d+)\.priceCents$/, 'devices.$1.price');

type FormWithDevices = { devices: DeviceValues[] };

export function DeviceFields({
  control,
  register,
  errors,
}: {
  // The forms embedding this block have more fields: the generic is narrowed to the devices part.
  control: Control<FormWithDevices>;
  register: UseFormRegister<FormWithDevices>;
  errors: FieldErrors<FormWithDevices>;
}) {
  const devices = useFieldArray({ control, name: 'devices' });
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-base font-semibold">Appareils</legend>
      {errors.devices?.root?.message || errors.devices?.message ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-300">{errors.devices.root?.message ?? errors.devices.message}</p>
      ) : null}
      {devices.fields.map((field, index) => {
        const deviceErrors = errors.devices?.[index];
        return (
          <div key={field.id} className="space-y-3 rounded-xl border border-slate-300 p-4 dark:border-slate-600">
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold">Appareil {index + 1}</h3>
              {devices.fields.length > 1 ? (
                <Button variant="ghost" onClick={() => devices.remove(index)} aria-label={`Retirer l’appareil ${index + 1}`}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Retirer
                </Button>
              ) : null}
            </div>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <SelectField label="Catégorie" error={deviceErrors?.category?.message} {...register(`devices.${index}.category`)}>
                {deviceCategories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </SelectField>
              <Field label="Marque" maxLength={60} error={deviceErrors?.brand?.message} {...register(`devices.${index}.brand`)} />
              <Field label="Appareil" maxLength={120} required error={deviceErrors?.name?.message} {...register(`devices.${index}.name`)} />
              <Field label="Modèle" maxLength={120} error={deviceErrors?.model?.message} {...register(`devices.${index}.model`)} />
              <Field label="IMEI" inputMode="numeric" maxLength={20} error={deviceErrors?.imei?.message} {...register(`devices.${index}.imei`)} />
              <Field label="Numéro de série" maxLength={60} error={deviceErrors?.serial?.message} {...register(`devices.${index}.serial`)} />
              <Field label="Panne" maxLength={500} required className="sm:col-span-2" error={deviceErrors?.fault?.message} {...register(`devices.${index}.fault`)} />
              <Field label="Estimation (€)" inputMode="decimal" hint="Par exemple 49,90" error={deviceErrors?.price?.message} {...register(`devices.${index}.price`)} />
            </div>
          </div>
        );
      })}
      {devices.fields.length < 10 ? (
        <Button variant="secondary" onClick={() => devices.append({ ...emptyDevice })}>
          <Plus aria-hidden="true" className="size-4" />
          Ajouter un appareil
        </Button>
      ) : null}
    </fieldset>
  );
}

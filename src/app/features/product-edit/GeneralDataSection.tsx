/** "General Data": EAN (camera scan and copy buttons), Supplier EAN when the EAN changes, price, SKU, delivery term, title. */
import { Card, Flex, Heading, Select, Text } from '@radix-ui/themes';
import { DELIVERY_CODES } from '../../../shared/constants';
import { CameraScanButton } from '../../ui/camera-scan/CameraScanButton';
import { CopyButton } from './CopyButton';
import { FormField } from './FormField';
import { fieldLabel, showsSupplierEan, type FieldProblems, type FormField as FormFieldName, type ProductForm, type TextField } from './product-form';

export interface SectionProps {
  form: ProductForm;
  problems: FieldProblems;
  setField: (field: TextField, value: string) => void;
  /** The conflict note of a field, when it has one (ui/ConflictTable.tsx). */
  conflictNote?: (field: FormFieldName) => React.ReactNode;
}

export function GeneralDataSection({ form, problems, setField, conflictNote = () => null }: SectionProps) {
  const deliveryProblem = problems.deliveryCode;
  return (
    <Card className="edit-card">
      <Heading as="h3" size="3" mb="3">
        General Data
      </Heading>
      <div className="edit-grid">
        <FormField id="ean" label={fieldLabel('ean', form)} value={form.ean} onChange={(v) => setField('ean', v)} below={conflictNote('ean')} problem={problems.ean} required inputMode="numeric"
          after={
            <>
              <CameraScanButton label={`Scan the ${fieldLabel('ean', form)} with the camera`} testId="ean-camera" onCode={(code) => setField('ean', code)} />
              <CopyButton value={form.ean.trim()} label={`Copy ${fieldLabel('ean', form)}`} />
            </>
          } />
        {showsSupplierEan(form) && (
          <FormField id="supplierEan" label={fieldLabel('supplierEan')} value={form.supplierEan} onChange={(v) => setField('supplierEan', v)} below={conflictNote('supplierEan')} problem={problems.supplierEan} inputMode="numeric"
            after={<CopyButton value={form.supplierEan.trim()} label="Copy Supplier EAN" />} />
        )}
        <FormField id="sellingPrice" label={fieldLabel('sellingPrice')} value={form.sellingPrice} onChange={(v) => setField('sellingPrice', v)} below={conflictNote('sellingPrice')} problem={problems.sellingPrice} required inputMode="decimal" />
        <FormField id="sku" label={fieldLabel('sku')} value={form.sku} onChange={(v) => setField('sku', v)} below={conflictNote('sku')} problem={problems.sku} />
        <Flex direction="column" gap="1" className="edit-field">
          <Text as="label" size="2" weight="medium" id="deliveryCode-label">
            {fieldLabel('deliveryCode')}
            <span aria-hidden="true"> *</span>
          </Text>
          <Select.Root value={form.deliveryCode === '' ? undefined : form.deliveryCode} onValueChange={(v) => setField('deliveryCode', v)}>
            <Select.Trigger id="deliveryCode" aria-labelledby="deliveryCode-label" placeholder="Choose a delivery term" color={deliveryProblem ? 'red' : undefined}
              aria-invalid={deliveryProblem ? true : undefined} data-testid="delivery-code" />
            <Select.Content>
              {DELIVERY_CODES.map((code) => (
                <Select.Item key={code} value={code}>
                  {code}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          {deliveryProblem && (
            <Text size="1" color="red">
              {deliveryProblem}
            </Text>
          )}
          {conflictNote('deliveryCode')}
        </Flex>
        <div className="edit-span-2">
          <FormField id="title" label={fieldLabel('title')} value={form.title} onChange={(v) => setField('title', v)} below={conflictNote('title')} problem={problems.title} required />
        </div>
      </div>
    </Card>
  );
}

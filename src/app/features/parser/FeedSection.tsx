/** The supplier form's Feed card: name, format, the source (address or uploaded file) and the feed's login. */
import { Flex, RadioGroup, Select, TextField } from '@radix-ui/themes';
import type { FeedFormat } from '../../../shared/suppliers';
import { Field, FormCard } from './ParserField';
import type { SupplierForm } from './supplier-form';
import { loginOriginChange, loginOriginHint } from './supplier-form-check';

export interface SectionProps {
  form: SupplierForm;
  set: <K extends keyof SupplierForm>(key: K, value: SupplierForm[K]) => void;
}

export function FeedSection({ form, set, here, onFile }: SectionProps & { here: string; onFile: (file: File | null) => void }) {
  const loginMoved = loginOriginChange(form, here);
  return (
    <FormCard title="Feed">
      <Flex gap="3" wrap="wrap" className="parser-form-row">
        <Field label="Name">
          <TextField.Root size="3" value={form.supplierName} onChange={(e) => set('supplierName', e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Format">
          <Select.Root size="3" value={form.feedFormat} onValueChange={(value) => set('feedFormat', value as FeedFormat)}>
            <Select.Trigger aria-label="Format" />
            <Select.Content>
              <Select.Item value="csv">CSV</Select.Item>
              <Select.Item value="xml">XML</Select.Item>
              <Select.Item value="xlsx">Excel (.xlsx)</Select.Item>
            </Select.Content>
          </Select.Root>
        </Field>
      </Flex>
      <RadioGroup.Root size="3" value={form.feedSource} onValueChange={(value) => set('feedSource', value === 'upload' ? 'upload' : 'url')} aria-label="Feed source">
        <Flex gap="4" wrap="wrap">
          <RadioGroup.Item value="url">Address (http or https)</RadioGroup.Item>
          <RadioGroup.Item value="upload">Upload a file</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      {form.feedSource === 'url' ? (
        <Field label="Feed address" hint="Gzip-compressed feeds (.gz) are read too.">
          <TextField.Root
            size="3"
            type="url"
            inputMode="url"
            placeholder="https://supplier.example/feed.csv"
            value={form.supplierUrlFeed}
            onChange={(e) => set('supplierUrlFeed', e.target.value)}
            autoComplete="off"
          />
        </Field>
      ) : (
        <Field label="Feed file (CSV, XML or .xlsx, up to 50 MB, may be .gz)">
          <input
            className="parser-file"
            type="file"
            accept=".csv,.txt,.xml,.xlsx,.gz,text/csv,application/xml,text/xml,application/gzip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          />
        </Field>
      )}
      {form.feedSource === 'url' && (
        <Flex direction="column" gap="2">
          <Field label="Login for the feed">
            <Select.Root size="3" value={form.credentialsKind} onValueChange={(value) => set('credentialsKind', value as SupplierForm['credentialsKind'])}>
              <Select.Trigger aria-label="Login for the feed" />
              <Select.Content>
                <Select.Item value="none">None</Select.Item>
                <Select.Item value="basic">User name and password</Select.Item>
                <Select.Item value="header">Token in a header</Select.Item>
              </Select.Content>
            </Select.Root>
          </Field>
          {form.credentialsKind === 'basic' && (
            <Flex gap="3" wrap="wrap" className="parser-form-row">
              <Field label="User name">
                <TextField.Root size="3" value={form.username} onChange={(e) => set('username', e.target.value)} autoComplete="off" />
              </Field>
              <Field label="Password" hint={loginMoved ? loginOriginHint('basic', loginMoved) : form.storedCredentials?.kind === 'basic' ? 'A password is set; leave empty to keep it.' : undefined}>
                <TextField.Root size="3" type="password" value={form.password} onChange={(e) => set('password', e.target.value)} autoComplete="new-password" />
              </Field>
            </Flex>
          )}
          {form.credentialsKind === 'header' && (
            <Flex gap="3" wrap="wrap" className="parser-form-row">
              <Field label="Header name">
                <TextField.Root size="3" placeholder="X-Api-Key" value={form.headerName} onChange={(e) => set('headerName', e.target.value)} autoComplete="off" />
              </Field>
              <Field label="Token" hint={loginMoved ? loginOriginHint('header', loginMoved) : form.storedCredentials?.kind === 'header' ? 'A token is set; leave empty to keep it.' : undefined}>
                <TextField.Root size="3" type="password" value={form.headerValue} onChange={(e) => set('headerValue', e.target.value)} autoComplete="new-password" />
              </Field>
            </Flex>
          )}
        </Flex>
      )}
    </FormCard>
  );
}

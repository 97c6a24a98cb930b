/** The supplier form's Feed card: name, format, the source (address or uploaded file) and the feed's login. */
import { Flex, RadioGroup, TextField } from '@radix-ui/themes';
import type { FeedFormat } from '../../../shared/suppliers';
import { ChoiceField, Field, FormCard } from './ParserField';
import type { SupplierForm } from './supplier-form';
import { loginOriginChange, loginOriginHint } from './supplier-form-check';
import { parserMessages } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';


export interface SectionProps {
  form: SupplierForm;
  set: <K extends keyof SupplierForm>(key: K, value: SupplierForm[K]) => void;
}

export function FeedSection({ form, set, here, onFile }: SectionProps & { here: string; onFile: (file: File | null) => void }) {
  const loginMoved = loginOriginChange(form, here);
  const words = useMessages(parserMessages, 'parser');
  return (
    <FormCard title={words.feed}>
      <Flex gap="3" wrap="wrap" className="parser-form-row">
        <Field label={words.name}>
          <TextField.Root size="3" value={form.supplierName} onChange={(e) => set('supplierName', e.target.value)} autoComplete="off" />
        </Field>
        <ChoiceField<FeedFormat>
          label={words.format}
          value={form.feedFormat}
          options={[
            ['csv', 'CSV'],
            ['xml', 'XML'],
            ['xlsx', 'Excel (.xlsx)'],
          ]}
          onChange={(value) => set('feedFormat', value)}
        />
      </Flex>
      <RadioGroup.Root size="3" value={form.feedSource} onValueChange={(value) => set('feedSource', value === 'upload' ? 'upload' : 'url')} aria-label={words.feedSource}>
        <Flex gap="4" wrap="wrap">
          <RadioGroup.Item value="url">{words.fromAddress}</RadioGroup.Item>
          <RadioGroup.Item value="upload">{words.upload}</RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      {form.feedSource === 'url' ? (
        <Field label={words.feedAddress} hint={words.gzipHint}>
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
        <Field label={words.feedFile}>
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
          <ChoiceField<SupplierForm['credentialsKind']>
            label={words.login}
            value={form.credentialsKind}
            options={[
              ['none', words.loginNone],
              ['basic', words.loginBasic],
              ['header', words.loginHeader],
            ]}
            onChange={(value) => set('credentialsKind', value)}
          />
          {form.credentialsKind === 'basic' && (
            <Flex gap="3" wrap="wrap" className="parser-form-row">
              <Field label={words.userName}>
                <TextField.Root size="3" value={form.username} onChange={(e) => set('username', e.target.value)} autoComplete="off" />
              </Field>
              <Field label={words.password} hint={loginMoved ? loginOriginHint('basic', loginMoved, words.checks) : form.storedCredentials?.kind === 'basic' ? words.passwordKept : undefined}>
                <TextField.Root size="3" type="password" value={form.password} onChange={(e) => set('password', e.target.value)} autoComplete="new-password" />
              </Field>
            </Flex>
          )}
          {form.credentialsKind === 'header' && (
            <Flex gap="3" wrap="wrap" className="parser-form-row">
              <Field label={words.headerName}>
                <TextField.Root size="3" placeholder="X-Api-Key" value={form.headerName} onChange={(e) => set('headerName', e.target.value)} autoComplete="off" />
              </Field>
              <Field label={words.token} hint={loginMoved ? loginOriginHint('header', loginMoved, words.checks) : form.storedCredentials?.kind === 'header' ? words.tokenKept : undefined}>
                <TextField.Root size="3" type="password" value={form.headerValue} onChange={(e) => set('headerValue', e.target.value)} autoComplete="new-password" />
              </Field>
            </Flex>
          )}
        </Flex>
      )}
    </FormCard>
  );
}

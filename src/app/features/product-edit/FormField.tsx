/** A labelled text input with its problem shown under it (and announced). */
import { Flex, Text, TextField } from '@radix-ui/themes';

export interface FormFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  required?: boolean;
  inputMode?: 'text' | 'decimal' | 'numeric';
  readOnly?: boolean;
  after?: React.ReactNode;
  /** Shown under the input (a conflict on this field). */
  below?: React.ReactNode;
}

export function FormField({ id, label, value, onChange, problem, required, inputMode = 'text', readOnly, after, below }: FormFieldProps) {
  const problemId = `${id}-problem`;
  return (
    <Flex direction="column" gap="1" className="edit-field">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </Text>
      <Flex gap="1" align="center" className={after ? 'edit-field-row' : undefined}>
        <TextField.Root
          id={id}
          name={id}
          className="edit-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          inputMode={inputMode}
          readOnly={readOnly}
          required={required}
          color={problem ? 'red' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
        {after}
      </Flex>
      {problem && (
        <Text id={problemId} size="1" color="red">
          {problem}
        </Text>
      )}
      {below}
    </Flex>
  );
}

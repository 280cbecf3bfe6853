import { Form, Select } from 'antd';
import { SIZE_LABEL } from '../constants';
import { sizeOptionLabel, type SizeChoice } from '../model/size-choices';

interface SizeFieldProps {
  id: string;
  choices: readonly SizeChoice[];
  value: string | undefined;
  loading: boolean;
  onChange(key: string): void;
}

/** The sizes made on the chosen substrate, each with its price there (SPEC §2). */
export function SizeField({ id, choices, value, loading, onChange }: SizeFieldProps) {
  return (
    <Form.Item label={SIZE_LABEL} htmlFor={id}>
      <Select
        id={id}
        value={value}
        loading={loading}
        disabled={loading || choices.length === 0}
        onChange={onChange}
        // At most 19 sizes: all of them in the list (the kept custom size comes last).
        virtual={false}
        options={choices.map((choice) => ({ value: choice.key, label: sizeOptionLabel(choice) }))}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

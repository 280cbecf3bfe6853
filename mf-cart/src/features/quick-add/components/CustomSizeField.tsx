import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import {
  parseCustomSize,
  type PriceTier,
  type SizeOption,
  type Substrate,
} from '@atelier/contracts';
import { CUSTOM_SIZE_LABEL, CUSTOM_SIZE_PLACEHOLDER, USE_CUSTOM_SIZE } from '../constants';

interface CustomSizeFieldProps {
  id: string;
  /** The picture's width / height: a single typed number gets the other side from it. */
  ratio: number;
  substrates: readonly Substrate[];
  tier: PriceTier;
  disabled?: boolean;
  onSize(size: SizeOption): void;
}

/** SPEC §5 custom sizes: '20x30', '20 by 30' or '20' (the other side from the ratio). */
export function CustomSizeField({
  id,
  ratio,
  substrates,
  tier,
  disabled,
  onSize,
}: CustomSizeFieldProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const parsed = parseCustomSize(text, ratio, substrates, tier);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setText('');
    onSize(parsed.size);
  };
  return (
    <Form.Item
      label={CUSTOM_SIZE_LABEL}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error}
    >
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={text}
          placeholder={CUSTOM_SIZE_PLACEHOLDER}
          inputMode="decimal"
          disabled={disabled}
          aria-invalid={Boolean(error)}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onPressEnter={(event) => {
            event.preventDefault();
            apply();
          }}
        />
        <Button onClick={apply} disabled={disabled || text.trim() === ''}>
          {USE_CUSTOM_SIZE}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

import { Form, Radio } from 'antd';
import type { Substrate } from '@atelier/contracts';
import { SUBSTRATE_LABEL } from '../constants';
import { substrateLabel } from '../model/size-choices';

interface SubstrateFieldProps {
  id: string;
  substrates: readonly Substrate[];
  value: Substrate | undefined;
  disabled?: boolean;
  onChange(substrate: Substrate): void;
}

export function SubstrateField({ id, substrates, value, disabled, onChange }: SubstrateFieldProps) {
  return (
    <Form.Item label={<span id={`${id}-label`}>{SUBSTRATE_LABEL}</span>}>
      <Radio.Group
        aria-labelledby={`${id}-label`}
        role="radiogroup"
        optionType="button"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as Substrate)}
        options={substrates.map((substrate) => ({
          value: substrate,
          label: substrateLabel(substrate),
        }))}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
      />
    </Form.Item>
  );
}

import { Form, Input, InputNumber } from 'antd';
import { Controller, type Control } from 'react-hook-form';
import {
  LOCATION_LABEL,
  LOCATION_MAX_LENGTH,
  LOCATION_PLACEHOLDER,
  QUANTITY_LABEL,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '../constants';
import type { QuickAddValues } from '../model/quick-add-values';

interface StaffFieldsProps {
  id: string;
  control: Control<QuickAddValues>;
  /** Any input clears the form's error (SPEC §4 forms). */
  onInput(): void;
}

/**
 * Staff only (SPEC §2, §6): quantity and location. The location is plain text: no maps
 * service is reachable (SPEC §8 maps failure falls back to plain text).
 */
export function StaffFields({ id, control, onInput }: StaffFieldsProps) {
  return (
    <>
      <Controller
        control={control}
        name="quantity"
        render={({ field }) => (
          <Form.Item label={QUANTITY_LABEL} htmlFor={`${id}-quantity`}>
            <InputNumber
              id={`${id}-quantity`}
              min={QUANTITY_MIN}
              max={QUANTITY_MAX}
              precision={0}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(value) => {
                onInput();
                field.onChange(value ?? QUANTITY_MIN);
              }}
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
      />
      <Controller
        control={control}
        name="location"
        render={({ field }) => (
          <Form.Item label={LOCATION_LABEL} htmlFor={`${id}-location`}>
            <Input
              id={`${id}-location`}
              value={field.value}
              maxLength={LOCATION_MAX_LENGTH}
              placeholder={LOCATION_PLACEHOLDER}
              onBlur={field.onBlur}
              onChange={(event) => {
                onInput();
                field.onChange(event.target.value);
              }}
            />
          </Form.Item>
        )}
      />
    </>
  );
}

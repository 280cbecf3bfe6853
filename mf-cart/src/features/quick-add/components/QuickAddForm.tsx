import { useId } from 'react';
import { Alert, Button, Flex, Form, Typography } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { customSizesAllowed, formatUsd, isExternalSource, type Image } from '@atelier/contracts';
import { selectIsStaff, useAuthStore, usePreferencesStore } from '@atelier/session';
import { useAvailableSizes } from '../api/get-available-sizes';
import { ADD_TO_CART, CUSTOMIZE, PRICE_LABEL, QUICK_ADD_LABEL, SIZES_ERROR } from '../constants';
import { usePromiseModal } from '../hooks/use-promise-modal';
import { useQuickAddSubmit, type QuickAddInput } from '../hooks/use-quick-add-submit';
import { useWorkspaceChoice } from '../hooks/use-workspace-choice';
import {
  asTier,
  effectiveSize,
  effectiveSubstrate,
  sizeChoices,
  sizeKey,
  substrateChoices,
} from '../model/size-choices';
import { DEFAULT_VALUES, type QuickAddValues } from '../model/quick-add-values';
import { AddFailureAlert } from './AddFailureAlert';
import { CustomSizeField } from './CustomSizeField';
import { EmailPromptModal } from './EmailPromptModal';
import { SizeField } from './SizeField';
import { StaffFields } from './StaffFields';
import { SubstrateField } from './SubstrateField';
import { WorkspaceField } from './WorkspaceField';

/** SPEC §2 Quick Add: size, substrate, workspace, staff fields; add or open (SPEC §4). */
export function QuickAddForm({ image }: { image: Image }) {
  const id = useId();
  const tier = asTier(image.price);
  const sizes = useAvailableSizes({ width: image.max_width, height: image.max_height, tier });
  const hasProfile = useAuthStore((s) => Boolean(s.user && s.profile));
  const isStaff = useAuthStore(selectIsStaff);
  const savedCustom = usePreferencesStore((s) => s.customSizes);
  const saveCustomSize = usePreferencesStore((s) => s.saveCustomSize);
  const { control, getValues, setValue } = useForm<QuickAddValues>({
    defaultValues: DEFAULT_VALUES,
  });
  const chosenSubstrate = useWatch({ control, name: 'substrate' });
  const chosenSize = useWatch({ control, name: 'sizeKey' });
  const chosenWorkspace = useWatch({ control, name: 'workspace' });

  const substrates = substrateChoices(sizes.data?.substrates ?? [], image.substrates);
  const substrate = effectiveSubstrate(substrates, chosenSubstrate);
  const customAllowed = customSizesAllowed({
    hasProfile,
    substrateSizes: isExternalSource(image.source) ? image.substrate_sizes : [],
    substrate,
  });
  const choices = sizeChoices({
    sizes: sizes.data?.sizes ?? [],
    substrate,
    tier,
    savedCustom,
    customAllowed,
  });
  const size = effectiveSize(choices, chosenSize);
  const workspaces = useWorkspaceChoice(chosenWorkspace);
  const emailPrompt = usePromiseModal<string>();
  const { submit, busy, error, clearError } = useQuickAddSubmit(image, emailPrompt.ask);

  const canAdd = Boolean(size && substrate) && !sizes.isPending && !busy && workspaces.ready;

  const run = (action: QuickAddInput['action']) => {
    if (!size || !substrate) return;
    void submit({
      action,
      size: size.value,
      substrate,
      workspace: workspaces.workspace,
      ...(isStaff
        ? { quantity: getValues('quantity'), location: getValues('location').trim() }
        : {}),
    });
  };

  return (
    <section aria-label={QUICK_ADD_LABEL}>
      {error ? <AddFailureAlert error={error} onClose={clearError} /> : null}
      {sizes.isError ? <Alert type="error" showIcon title={SIZES_ERROR} /> : null}
      <Form layout="vertical" component="div" disabled={busy}>
        <SubstrateField
          id={`${id}-substrate`}
          substrates={substrates}
          value={substrate}
          onChange={(value) => {
            clearError();
            // The size stays when the new substrate is made in it (else SPEC §5's default).
            setValue('sizeKey', size?.key);
            setValue('substrate', value);
          }}
        />
        <SizeField
          id={`${id}-size`}
          choices={choices}
          value={size?.key}
          loading={sizes.isPending}
          onChange={(key) => {
            clearError();
            setValue('sizeKey', key);
          }}
        />
        {customAllowed && sizes.isSuccess ? (
          <CustomSizeField
            id={`${id}-custom`}
            ratio={image.max_width / image.max_height}
            substrates={substrates}
            tier={tier}
            onSize={(custom) => {
              clearError();
              saveCustomSize({
                label: custom.label,
                value: custom.value,
                ...(custom.userInput ? { userInput: custom.userInput } : {}),
              });
              setValue('sizeKey', sizeKey(true, custom.value));
            }}
          />
        ) : null}
        {workspaces.enabled ? (
          <WorkspaceField
            id={`${id}-workspace`}
            options={workspaces.options}
            value={workspaces.workspace}
            loading={workspaces.loading}
            error={workspaces.error}
            onSearch={workspaces.setSearch}
            onChange={(workspace) => {
              clearError();
              setValue('workspace', workspace);
            }}
          />
        ) : null}
        {isStaff ? <StaffFields id={id} control={control} onInput={clearError} /> : null}
        <Typography.Paragraph role="status" aria-label={PRICE_LABEL} strong>
          {size ? `${PRICE_LABEL}: ${formatUsd(size.price)}` : null}
        </Typography.Paragraph>
        <Flex wrap gap={8}>
          <Button
            type="primary"
            disabled={!canAdd}
            loading={busy}
            onClick={() => run('add')}
            style={{ flex: '1 1 140px' }}
          >
            {ADD_TO_CART}
          </Button>
          <Button disabled={!canAdd} onClick={() => run('open')} style={{ flex: '1 1 140px' }}>
            {CUSTOMIZE}
          </Button>
        </Flex>
      </Form>
      <EmailPromptModal
        open={emailPrompt.open}
        onOk={emailPrompt.ok}
        onCancel={emailPrompt.cancel}
      />
    </section>
  );
}

import { Button, Form } from 'antd';
import { useForm } from 'react-hook-form';
import { APPLICATION_LINKS_MAX, type ArtistApplication } from '@atelier/contracts';
import { FormAlertView, useServerErrors } from '@atelier/ui';
import { TextField } from '../../../components/TextField';
import { useSaveApplicationInfo } from '../../../shared/api/application';

export interface ApplicationInfoValues {
  full_name: string;
  email: string;
  practice: string;
  bio: string;
  location: string;
  links: string;
}

const FIELDS = ['full_name', 'email', 'practice', 'bio', 'location', 'links'] as const;
const LINKS_HELP = `Your website, portfolio or social profiles: one a line, up to ${APPLICATION_LINKS_MAX}.`;
const required = (label: string) => ({ required: `${label} is required.` });

const linksOf = (text: string) =>
  text
    .split(/\s+/)
    .map((link) => link.trim())
    .filter(Boolean);

/** Who the applicant is, their practice and links. */
export function ApplicationInfoForm({
  application,
  defaultEmail,
  onSaved,
}: {
  application: ArtistApplication;
  defaultEmail: string;
  onSaved: () => void;
}) {
  const save = useSaveApplicationInfo();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ApplicationInfoValues>({
    defaultValues: {
      full_name: application.full_name,
      email: application.email || defaultEmail,
      practice: application.practice,
      bio: application.bio,
      location: application.location,
      links: application.links.join('\n'),
    },
  });
  const server = useServerErrors(setError, FIELDS);
  const submit = handleSubmit(async (values) => {
    server.clear();
    try {
      await save.mutateAsync({ ...values, links: linksOf(values.links) });
      onSaved();
    } catch (error) {
      server.show(error);
    }
  });
  return (
    <Form
      layout="vertical"
      component="form"
      aria-label="About you"
      onSubmitCapture={(e) => void submit(e)}
      onChangeCapture={server.clear}
      noValidate
      style={{ maxWidth: 640 }}
    >
      <FormAlertView alert={server.alert} />
      <TextField
        control={control}
        name="full_name"
        label="Full name"
        autoComplete="name"
        required
        rules={required('Full name')}
        error={errors.full_name?.message}
      />
      <TextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        rules={required('Email')}
        error={errors.email?.message}
      />
      <TextField
        control={control}
        name="practice"
        label="Your practice"
        placeholder="e.g. Landscape photography, oil painting"
        required
        rules={required('Your practice')}
        error={errors.practice?.message}
      />
      <TextField
        control={control}
        name="bio"
        label="About your work"
        multiline
        required
        rules={required('About your work')}
        error={errors.bio?.message}
      />
      <TextField
        control={control}
        name="location"
        label="Location"
        placeholder="City, country"
        autoComplete="address-level2"
        error={errors.location?.message}
      />
      <TextField
        control={control}
        name="links"
        label="Links"
        multiline
        extra={LINKS_HELP}
        error={errors.links?.message}
      />
      <Button type="primary" htmlType="submit" loading={isSubmitting}>
        Save and continue
      </Button>
    </Form>
  );
}

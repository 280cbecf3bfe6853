import { App, Button, Result } from 'antd';
import { isApiError } from '@atelier/api-client';
import { Link, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { Loading } from '@atelier/ui';
import { PageHeading } from '../../components/PageHeading';
import { QueryState } from '../../components/QueryState';
import { useOwnProfile } from '../../features/profile/api/profile';
import { ProfileForm } from '../../features/profile/components/ProfileForm';
import { ProfileView } from '../../features/profile/components/ProfileView';
import { ArtistSignInPage } from '../ArtistSignInPage';

const NO_ARTIST_PROFILE = 'You have no artist profile yet';

function Profile({ edit }: { edit: boolean }) {
  const query = useOwnProfile();
  const navigate = useNavigate();
  const { message } = App.useApp();
  if (isApiError(query.error) && query.error.status === 404) {
    return (
      <Result
        status="info"
        title={NO_ARTIST_PROFILE}
        subTitle="Apply to the Artist Portal to sell your work and get an artist page."
        extra={
          <Link to="/artist/apply">
            <Button type="primary">Apply</Button>
          </Link>
        }
      />
    );
  }
  return (
    <>
      <PageHeading
        title={edit ? 'Edit Artist Profile' : 'Artist Profile'}
        lead="What customers see on your artist page."
      />
      <QueryState
        isPending={query.isPending}
        error={query.error}
        refetch={query.refetch}
        label="Loading your profile"
      >
        {query.data ? (
          edit ? (
            <ProfileForm
              profile={query.data}
              onSaved={() => {
                message.success('Profile saved');
                void navigate('/artist/profile');
              }}
            />
          ) : (
            <ProfileView profile={query.data} />
          )
        ) : null}
      </QueryState>
    </>
  );
}

/** /artist/profile and /artist/profile/edit: visitors are offered sign-in (SPEC §2: open). */
export function ProfilePage({ edit }: { edit: boolean }) {
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  if (status === 'booting') return <Loading label="Loading your session" />;
  if (!user) {
    return (
      <ArtistSignInPage
        title={edit ? 'Edit Artist Profile' : 'Artist Profile'}
        next={edit ? '/artist/profile/edit' : '/artist/profile'}
        nextLabel="Your profile"
      />
    );
  }
  return <Profile edit={edit} />;
}

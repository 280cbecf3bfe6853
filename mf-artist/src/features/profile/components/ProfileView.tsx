import UserOutlined from '@ant-design/icons/UserOutlined';
import { Avatar, Button, Card, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { ArtistOwnProfile } from '@atelier/contracts';

/** The public artist page's content: photo, name, location, bio, the works. */
export function ProfileView({ profile }: { profile: ArtistOwnProfile }) {
  const worksLink = profile.artist
    ? `/search?q=${encodeURIComponent(`"${profile.artist.name}"`)}`
    : null;
  return (
    <Card style={{ maxWidth: 760 }}>
      <Space align="start" size="large" wrap>
        <Avatar
          size={120}
          src={profile.photo ?? undefined}
          icon={profile.photo ? undefined : <UserOutlined />}
          alt={profile.photo ? `Photo of ${profile.full_name}` : undefined}
        />
        <div style={{ minWidth: 0, maxWidth: 520 }}>
          <Typography.Title level={2} style={{ fontSize: 22, marginTop: 0 }}>
            {profile.full_name || 'Your name'}
          </Typography.Title>
          {profile.location ? (
            <Typography.Text type="secondary">{profile.location}</Typography.Text>
          ) : null}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>
            {profile.bio || 'No bio yet.'}
          </Typography.Paragraph>
          <Space wrap>
            <Link to="/artist/profile/edit">
              <Button type="primary">Edit profile</Button>
            </Link>
            {worksLink ? (
              <Link to={worksLink}>
                <Button>Your works in the shop</Button>
              </Link>
            ) : null}
          </Space>
        </div>
      </Space>
    </Card>
  );
}

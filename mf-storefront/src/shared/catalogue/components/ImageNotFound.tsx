import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

/** SPEC §8 Route not found: the same words as the shell's 404 page. */
export const NOT_FOUND_TITLE = '404 Not Found';

export function ImageNotFound() {
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{NOT_FOUND_TITLE}</h1>}
      subTitle="There is no image at this address."
      extra={
        <Link to="/search">
          <Button type="primary" tabIndex={-1}>
            Browse art
          </Button>
        </Link>
      }
    />
  );
}

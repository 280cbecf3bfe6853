import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

export const NOT_FOUND_TITLE = '404 Not Found';

export default function NotFound() {
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{NOT_FOUND_TITLE}</h1>}
      subTitle="There is no page at this address."
      extra={
        <Link to="/">
          <Button type="primary">Browse art</Button>
        </Link>
      }
    />
  );
}

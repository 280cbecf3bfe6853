import { Result } from 'antd';
import { CART_TEXT } from '../constants';
import { ResultHeading } from '../../../components/ResultHeading';

export function ProjectNotFound() {
  return (
    <Result
      status="404"
      title={<ResultHeading>{CART_TEXT.notFound}</ResultHeading>}
      subTitle={CART_TEXT.notFoundDetail}
    />
  );
}

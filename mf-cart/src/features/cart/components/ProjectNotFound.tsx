import { Result } from 'antd';
import { CART_TEXT } from '../constants';

export function ProjectNotFound() {
  return <Result status="404" title={CART_TEXT.notFound} subTitle={CART_TEXT.notFoundDetail} />;
}

import { App, Button } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { ErrorDisplay } from '@atelier/ui';
import { useExport1099Nec } from '../api/export-1099-nec';
import {
  EXPORT_FULL_TIN,
  EXPORT_MASKED,
  FULL_TIN_CONFIRM_TEXT,
  FULL_TIN_CONFIRM_TITLE,
} from './tax-labels';

/** The year's 1099-NEC CSV, TINs masked; or with whole TINs after a confirm that says it is recorded. */
export function ExportActions({ year }: { year: number }) {
  const { modal } = App.useApp();
  const exporter = useExport1099Nec();
  const running = exporter.isPending ? exporter.variables.fullTin : null;

  const exportFullTins = () => {
    modal.confirm({
      title: FULL_TIN_CONFIRM_TITLE,
      content: FULL_TIN_CONFIRM_TEXT,
      okText: 'Export and record',
      cancelText: 'Cancel',
      onOk: () => exporter.mutateAsync({ year, fullTin: true }),
    });
  };

  return (
    <div>
      <div className="tx-exports">
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={running === false}
          disabled={exporter.isPending}
          onClick={() => exporter.mutate({ year, fullTin: false })}
        >
          {EXPORT_MASKED}
        </Button>
        <Button
          danger
          icon={<LockOutlined />}
          loading={running === true}
          disabled={exporter.isPending}
          onClick={exportFullTins}
        >
          {EXPORT_FULL_TIN}
        </Button>
      </div>
      {exporter.isError && <ErrorDisplay error={exporter.error} />}
    </div>
  );
}

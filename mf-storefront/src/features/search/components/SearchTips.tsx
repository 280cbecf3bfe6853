import { Button, Popover, Typography } from 'antd';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';

/** SPEC §2 search tips, in the query syntax the server's search understands. */
const SEARCH_TIPS = [
  'Search by artist or keyword.',
  'Use quotes for an exact phrase: "water lilies".',
  'Use a pipe for any of the terms: boat|ship.',
  'Use a minus to exclude a term: sea -boat.',
] as const;

/** The tips behind a button; open state is the page's, so Esc can close it too. */
export function SearchTips({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={onOpenChange}
      title="Search tips"
      content={
        <ul style={{ margin: 0, paddingLeft: 18, maxWidth: 300 }}>
          {SEARCH_TIPS.map((tip) => (
            <li key={tip}>
              <Typography.Text>{tip}</Typography.Text>
            </li>
          ))}
        </ul>
      }
    >
      {/* The label names the button; the icon's own 'question-circle' name would lead it. */}
      <Button icon={<QuestionCircleOutlined />} aria-label="Search tips" aria-expanded={open}>
        Search tips
      </Button>
    </Popover>
  );
}

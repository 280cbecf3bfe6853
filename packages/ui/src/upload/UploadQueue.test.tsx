import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_NOT_A_PICTURE } from '@atelier/contracts';
import { ITEM_STATE_LABELS, queueReducer, type QueueItem } from './upload-queue';
import UploadQueue from './UploadQueue';

const base = (key: string, change: Partial<QueueItem> = {}): QueueItem => ({
  key,
  fileName: `${key}.tif`,
  bytes: 200 * 1024 * 1024,
  state: 'uploading',
  sent: 0,
  error: null,
  retryable: false,
  fileId: null,
  picture: null,
  name: key,
  upload: null,
  ...change,
});

function renderQueue(items: QueueItem[], nameEach = true) {
  const handlers = {
    onRename: jest.fn(),
    onResume: jest.fn(),
    onPause: jest.fn(),
    onRemove: jest.fn(),
  };
  render(<UploadQueue items={items} nameEach={nameEach} {...handlers} />);
  return { ...handlers, user: userEvent.setup() };
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('the upload queue: each file on its own', () => {
  it('shows each file’s progress, state and its own problem', () => {
    renderQueue([
      base('sending', { sent: 50 * 1024 * 1024 }),
      base('refused', { state: 'refused', error: UPLOAD_NOT_A_PICTURE }),
      base('arrived', {
        state: 'uploaded',
        fileId: 'a'.repeat(32),
        picture: { format: 'tiff', width: 12000, height: 9000 },
      }),
    ]);
    const sending = row('sending.tif');
    expect(within(sending).getByText(ITEM_STATE_LABELS.uploading)).toBeInTheDocument();
    expect(within(sending).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(sending).queryByRole('alert')).not.toBeInTheDocument();

    const refused = row('refused.tif');
    expect(within(refused).getByRole('alert')).toHaveTextContent(UPLOAD_NOT_A_PICTURE);
    expect(within(refused).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();

    const arrived = row('arrived.tif');
    expect(within(arrived).getByText(ITEM_STATE_LABELS.uploaded)).toBeInTheDocument();
    expect(within(arrived).getByText('TIFF, 12000 × 9000 px')).toBeInTheDocument();
    // 12000 px across at 300 dpi is 40 inches: the table says how large it prints.
    const table = within(arrived).getByRole('table', { name: /Print-readiness/ });
    expect(within(table).getByRole('rowheader', { name: 'print' })).toBeInTheDocument();
    expect(within(arrived).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('offers Resume for a transfer stopped by the network, Pause while sending', async () => {
    const { onResume, onPause, user } = renderQueue([
      base('dropped', { state: 'failed', retryable: true, error: 'Network error', sent: 8 }),
      base('busy', { state: 'reconnecting' }),
    ]);
    expect(within(row('busy.tif')).getByText(ITEM_STATE_LABELS.reconnecting)).toBeInTheDocument();
    await user.click(within(row('dropped.tif')).getByRole('button', { name: 'Resume' }));
    expect(onResume).toHaveBeenCalledWith('dropped');
    await user.click(within(row('busy.tif')).getByRole('button', { name: 'Pause' }));
    expect(onPause).toHaveBeenCalledWith('busy');
  });

  it('names each picture in advanced mode, not once it is sent', async () => {
    const { onRename, user } = renderQueue([
      base('one', { state: 'uploaded', fileId: 'b'.repeat(32) }),
      base('two', { state: 'saved', fileId: 'c'.repeat(32) }),
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Name of one.tif' }), 'X');
    expect(onRename).toHaveBeenLastCalledWith('one', 'oneX');
    expect(screen.queryByRole('textbox', { name: 'Name of two.tif' })).not.toBeInTheDocument();
    expect(
      within(row('two.tif')).queryByRole('button', { name: 'Remove' }),
    ).not.toBeInTheDocument();
  });
});

describe('queue transitions', () => {
  const start = queueReducer([], {
    type: 'added',
    key: 'k',
    fileName: 'k.jpg',
    bytes: 10,
    name: 'k',
  });

  it('a refusal by the server is final, a network failure resumable', () => {
    const refused = queueReducer(start, {
      type: 'failed',
      key: 'k',
      reason: 'no',
      retryable: false,
    });
    expect(refused[0]).toMatchObject({ state: 'refused', retryable: false, error: 'no' });
    const dropped = queueReducer(start, {
      type: 'failed',
      key: 'k',
      reason: 'net',
      retryable: true,
    });
    expect(dropped[0]).toMatchObject({ state: 'failed', retryable: true });
    expect(queueReducer(dropped, { type: 'started', key: 'k' })[0]).toMatchObject({
      state: 'uploading',
      error: null,
    });
  });

  it('one file’s trouble leaves the others alone', () => {
    const two = queueReducer(start, {
      type: 'added',
      key: 'j',
      fileName: 'j.jpg',
      bytes: 10,
      name: 'j',
    });
    const after = queueReducer(two, { type: 'invalid', key: 'j', message: 'Invalid fields: name' });
    expect(after.map((item) => [item.key, item.state, item.error])).toEqual([
      ['k', 'checking', null],
      ['j', 'invalid', 'Invalid fields: name'],
    ]);
  });
});

import { Button, Empty, Input, Segmented, Skeleton, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { formatDateTime } from '../../../shared/application-labels';
import { useUploadList, type ReviewFilter } from '../api/upload-queries';
import {
  creditOf,
  REVIEW_COLOURS,
  REVIEW_FILTER_LABELS,
  REVIEW_FILTERS,
  STATUS_LABELS,
  UPLOAD_TYPE,
  UPLOADS_TITLE,
} from './upload-labels';

const DEFAULT_PAGE_SIZE = 20;
const THUMB = 64;
const UPLOAD_LIST_CSS = `
.mg-upload-row { display: grid; grid-template-columns: ${THUMB}px minmax(0, 1fr); gap: 12px; align-items: center; padding: 10px 4px; border-bottom: 1px solid #f0ece6; }
.mg-upload-row img, .mg-upload-row .mg-thumb-none { width: ${THUMB}px; height: ${THUMB}px; object-fit: cover; border-radius: 4px; background: #f5f2ee; display: block; }
.mg-upload-row a { font-weight: 500; overflow-wrap: anywhere; }
.mg-upload-line { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; }
`;

const reviewOf = (value: string | null): ReviewFilter =>
  (REVIEW_FILTERS as readonly string[]).includes(value ?? '') ? (value as ReviewFilter) : 'all';

/** /manage/upload: every upload, by review state and artist or publisher, newest first. */
export function UploadListPage() {
  const [params, setParams] = useSearchParams();
  const review = reviewOf(params.get('review'));
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(params.get('page_size')) || DEFAULT_PAGE_SIZE;
  const list = useUploadList({ review, search, page, pageSize });
  const update = (next: Record<string, string>) =>
    setParams({ review, search, page: String(page), page_size: String(pageSize), ...next });

  return (
    <section>
      <style>{MANAGE_CSS + UPLOAD_LIST_CSS}</style>
      <ManageBreadcrumb type={UPLOAD_TYPE} />
      <div className="mg-header">
        <Typography.Title level={1}>{UPLOADS_TITLE}</Typography.Title>
        <Link to="/manage/upload/new">
          <Button type="primary">Upload a picture</Button>
        </Link>
      </div>
      <div className="mg-toolbar">
        <Segmented
          aria-label="Review state"
          value={review}
          options={REVIEW_FILTERS.map((value) => ({
            value,
            label: REVIEW_FILTER_LABELS[value],
          }))}
          onChange={(value) => update({ review: value, page: '1' })}
        />
        <Input.Search
          aria-label="Artist or publisher"
          placeholder="Artist or publisher"
          defaultValue={search}
          allowClear
          onSearch={(value) => update({ search: value.trim(), page: '1' })}
        />
      </div>
      {list.isPending && <Skeleton active />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {list.isSuccess &&
        (list.data.results.length === 0 ? (
          <Empty description={review === 'all' && !search ? 'List is empty' : 'No results'} />
        ) : (
          <>
            <ul className="mg-rows" aria-label="Uploads" style={{ borderTop: 0 }}>
              {list.data.results.map((upload) => (
                <li key={upload.id} className="mg-upload-row">
                  {upload.thumb ? (
                    <img src={upload.thumb} alt="" loading="lazy" />
                  ) : (
                    <span className="mg-thumb-none" aria-hidden />
                  )}
                  <div style={{ minWidth: 0 }}>
                    <div className="mg-upload-line">
                      <Link to={`/manage/upload/${upload.id}`}>{upload.name}</Link>
                      <Tag color={REVIEW_COLOURS[upload.review]}>
                        {REVIEW_FILTER_LABELS[upload.review]}
                      </Tag>
                      {upload.published && <Tag color="blue">Published</Tag>}
                      {upload.status !== 'ready' && (
                        <Tag color={upload.status === 'failed' ? 'error' : 'processing'}>
                          {STATUS_LABELS[upload.status]}
                        </Tag>
                      )}
                    </div>
                    <div className="mg-upload-line mg-row-facts">
                      <span>{creditOf(upload)}</span>
                      <span>by {upload.creator}</span>
                      <span>{formatDateTime(upload.created)}</span>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <PaginationBar
              count={list.data.count}
              page={page}
              pageSize={pageSize}
              onChange={(next, size) => update({ page: String(next), page_size: String(size) })}
              formatCount={(count) => `${count} upload${count === 1 ? '' : 's'}`}
            />
          </>
        ))}
    </section>
  );
}

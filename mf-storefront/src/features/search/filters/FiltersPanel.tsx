import { Badge, Button, Checkbox, Radio, Switch } from 'antd';
import type { FacetCounts } from '@atelier/contracts';
import { selectIsSignedIn, selectIsStaff, useAuthStore } from '@atelier/session';
import {
  API_OPTIONS,
  FILTER_SECTIONS,
  FILTERS_TITLE,
  type FilterSection,
} from './filter-definitions';
import { activeFilterCount, toggleValue, withFilter, withoutFilters } from './filter-state';

interface FiltersPanelProps {
  params: URLSearchParams;
  /** The last response's facet counts; undefined while the first search loads. */
  facets: FacetCounts | undefined;
  onChange: (next: URLSearchParams) => void;
  /** searchRefresh (SPEC §3): staff keep the results refreshing while the page is open. */
  refresh: boolean;
  onRefreshChange: (on: boolean) => void;
}

const PANEL_CSS = `
.sf-filters { display: flex; flex-direction: column; gap: 12px; }
.sf-filters-head { display: flex; align-items: center; gap: 8px; }
.sf-filters-head h2 { margin: 0; font-size: 18px; }
.sf-filters fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
.sf-filters legend { font-weight: 600; margin-bottom: 4px; font-size: 14px; }
.sf-filters .ant-checkbox-wrapper, .sf-filters .ant-radio-wrapper { display: flex; margin: 0; padding: 2px 0; }
.sf-filter-count { color: #5c534b; font-variant-numeric: tabular-nums; }
`;

function countOf(facets: FacetCounts | undefined, section: FilterSection, value: string) {
  if (!facets || !section.counted) return null;
  return facets[section.key]?.[value] ?? 0;
}

function OptionLabel({ label, count }: { label: string; count: number | null }) {
  return (
    <>
      {label}
      {count !== null && ' '}
      {count !== null && <span className="sf-filter-count">({count.toLocaleString()})</span>}
    </>
  );
}

/**
 * The search screen's Filters panel (SPEC §2, §9): every filter with its facet counts, the
 * badge of active filters, Clear All. The URL is the only state: each change writes it.
 */
export function FiltersPanel({
  params,
  facets,
  onChange,
  refresh,
  onRefreshChange,
}: FiltersPanelProps) {
  const isSignedIn = useAuthStore(selectIsSignedIn);
  const isStaff = useAuthStore(selectIsStaff);
  const active = activeFilterCount(params);
  const visible = FILTER_SECTIONS.filter(
    (section) =>
      section.audience === 'everyone' ||
      (section.audience === 'signed-in' && isSignedIn) ||
      (section.audience === 'staff' && isStaff),
  );
  const api = params.getAll('api').join(',');

  return (
    <section className="sf-filters" aria-labelledby="filters-title">
      <style>{PANEL_CSS}</style>
      <div className="sf-filters-head">
        <h2 id="filters-title">{FILTERS_TITLE}</h2>
        <Badge count={active} role="status" aria-label={`${active} active filters`} />
        <Button
          type="link"
          size="small"
          disabled={active === 0}
          onClick={() => onChange(withoutFilters(params))}
          style={{ marginLeft: 'auto' }}
        >
          Clear All
        </Button>
      </div>
      {visible.map((section) => {
        const chosen = params.getAll(section.key);
        return (
          <fieldset key={section.key}>
            <legend>{section.title}</legend>
            {section.choose === 'many' ? (
              section.options.map((option) => (
                <Checkbox
                  key={option.value}
                  checked={chosen.includes(option.value)}
                  onChange={(event) =>
                    onChange(
                      withFilter(
                        params,
                        section.key,
                        toggleValue(section.key, chosen, option.value, event.target.checked),
                      ),
                    )
                  }
                >
                  <OptionLabel
                    label={option.label}
                    count={countOf(facets, section, option.value)}
                  />
                </Checkbox>
              ))
            ) : (
              <Radio.Group
                value={chosen[0] ?? ''}
                onChange={(event) => {
                  const value = String(event.target.value);
                  onChange(
                    withFilter(params, section.key, value && value !== 'all' ? [value] : []),
                  );
                }}
              >
                {section.key === 'people' && <Radio value="">Any</Radio>}
                {section.options.map((option) => (
                  <Radio key={option.value} value={option.value === 'all' ? '' : option.value}>
                    <OptionLabel
                      label={option.label}
                      count={countOf(facets, section, option.value)}
                    />
                  </Radio>
                ))}
              </Radio.Group>
            )}
          </fieldset>
        );
      })}
      {isStaff && (
        <fieldset>
          <legend>Catalogue (staff)</legend>
          <Radio.Group
            value={api}
            onChange={(event) => {
              const value = String(event.target.value);
              onChange(withFilter(params, 'api', value ? [value] : []));
            }}
          >
            {API_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value}>
                {option.label}
              </Radio>
            ))}
          </Radio.Group>
          <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8 }}>
            <Switch size="small" checked={refresh} onChange={onRefreshChange} />
            Keep results up to date
          </label>
        </fieldset>
      )}
    </section>
  );
}

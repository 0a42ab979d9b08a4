import { useEffect, useId, useState } from 'react';
import { Button, Input, Label, Select, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDoubleLeft20Regular, ChevronDoubleRight20Regular, ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import { PAGE_SIZE_OPTIONS } from '@contracts';
import { pageCountOf } from './tableRows';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
  },
  group: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  pageInput: { width: '72px' },
});

export interface DataTablePaginationProps {
  pageIndex: number;
  pageSize: number;
  total: number;
  onChange(pageIndex: number, pageSize: number): void;
  /** The sizes offered; default PAGE_SIZE_OPTIONS. */
  pageSizes?: readonly number[];
}

/** Page-size choice, go-to-page (minimum 1) and first/previous/next/last buttons. */
export function DataTablePagination({ pageIndex, pageSize, total, onChange, pageSizes = PAGE_SIZE_OPTIONS }: DataTablePaginationProps) {
  const styles = useStyles();
  const sizeId = useId();
  const pageId = useId();
  const pageCount = pageCountOf(total, pageSize);
  const [pageText, setPageText] = useState(String(pageIndex + 1));
  useEffect(() => setPageText(String(pageIndex + 1)), [pageIndex]);

  const goTo = (index: number) => onChange(Math.min(Math.max(index, 0), pageCount - 1), pageSize);
  const commitPageText = () => {
    const requested = Number.parseInt(pageText, 10);
    if (Number.isNaN(requested)) {
      setPageText(String(pageIndex + 1));
      return;
    }
    const page = Math.min(Math.max(requested, 1), pageCount);
    setPageText(String(page));
    if (page - 1 !== pageIndex) goTo(page - 1);
  };
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const atStart = pageIndex <= 0;
  const atEnd = pageIndex >= pageCount - 1;

  return (
    <nav className={styles.root} aria-label="Pagination" data-testid="pagination">
      <span className={styles.group}>
        <Label htmlFor={sizeId}>Rows per page</Label>
        <Select
          id={sizeId}
          value={String(pageSize)}
          onChange={(_, data) => {
            const size = Number(data.value);
            // Keep the first visible row on screen.
            onChange(Math.floor((pageIndex * pageSize) / size), size);
          }}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </span>
      <Text data-testid="pagination-range">
        {first}-{last} of {total}
      </Text>
      <span className={styles.group}>
        <Tooltip content="First page" relationship="label">
          <Button appearance="subtle" icon={<ChevronDoubleLeft20Regular />} disabled={atStart} onClick={() => goTo(0)} />
        </Tooltip>
        <Tooltip content="Previous page" relationship="label">
          <Button appearance="subtle" icon={<ChevronLeft20Regular />} disabled={atStart} onClick={() => goTo(pageIndex - 1)} />
        </Tooltip>
        <Label htmlFor={pageId}>Go to page</Label>
        <Input
          id={pageId}
          className={styles.pageInput}
          type="number"
          min={1}
          max={pageCount}
          value={pageText}
          onChange={(_, data) => setPageText(data.value)}
          onBlur={commitPageText}
          onKeyDown={(event) => event.key === 'Enter' && commitPageText()}
        />
        <Text data-testid="pagination-page-count">of {pageCount}</Text>
        <Tooltip content="Next page" relationship="label">
          <Button appearance="subtle" icon={<ChevronRight20Regular />} disabled={atEnd} onClick={() => goTo(pageIndex + 1)} />
        </Tooltip>
        <Tooltip content="Last page" relationship="label">
          <Button appearance="subtle" icon={<ChevronDoubleRight20Regular />} disabled={atEnd} onClick={() => goTo(pageCount - 1)} />
        </Tooltip>
      </span>
    </nav>
  );
}

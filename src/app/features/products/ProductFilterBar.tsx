/** The filters of the product list: search, supplier, moderation, price and sort always; the rest folded. */
import { Badge, Box, Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { memo, useEffect, useId, useState, type ReactNode } from 'react';
import { brandsAtom, categoriesAtom, familyKeysAtom, suppliersAtom } from '../../state/reference-lists';
import { productFilterAtoms, productFiltersAtom, resetAllFiltersAtom } from './product-list-state';
import { FILTER_WIRE_NAMES, SORT_OPTIONS, type TriState, type TriStateName } from './product-list-view';
import { foldedFilterCount, shownSort } from './product-list-rules';
import { BOL_PRODUCT_STATES } from '../../../shared/product-filter';
import { BOL_STATE_LABELS } from '../../../shared/messages';

export const SEARCH_DEBOUNCE_MS = 300;

function Field({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1" className="filter-field">
      <Text as="label" size="1" weight="medium" color="gray" htmlFor={htmlFor}>
        {label}
      </Text>
      {children}
    </Flex>
  );
}

/**
 * A choice as a native select: on a tablet it opens the system's own picker, and it costs next
 * to nothing to render, which matters because the bar renders again on every filter change.
 */
function ChoiceFilter({
  label,
  filter,
  value,
  options,
  onChange,
}: {
  label: string;
  /** The filter call's name of the value (`data-filter`: boot/list-frame.ts fills a kept frame by it). */
  filter: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Field label={label} htmlFor={id}>
      <select id={id} className="choice-select" data-filter={filter} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

function YesNoFilter({ name, label, yes, no }: { name: TriStateName; label: string; yes: string; no: string }) {
  const [value, setValue] = useAtom(productFilterAtoms[name]);
  return (
    <ChoiceFilter
      label={label}
      filter={FILTER_WIRE_NAMES[name]}
      value={value}
      options={[
        { value: '', label: 'Any' },
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
      onChange={(next) => setValue(next as TriState)}
    />
  );
}

/** A field's text while it is typed; it follows the filter when that changes elsewhere (reset, URL). */
function useDraft(value: string): [string, (draft: string) => void] {
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    setDraft(value);
  }
  return [draft, setDraft];
}

/** A text filter that applies when the field is left or Enter is pressed (not on every key). */
function TextFilter({ name, label, type = 'text', list, placeholder }: {
  name: 'priceFrom' | 'priceTo' | 'brand' | 'familyKey' | 'dateFrom' | 'dateTo' | 'numberOfImages';
  label: string;
  type?: 'text' | 'date' | 'number';
  list?: string;
  placeholder?: string;
}) {
  const [value, setValue] = useAtom(productFilterAtoms[name]);
  const [draft, setDraft] = useDraft(value);
  const id = useId();
  return (
    <Field label={label} htmlFor={id}>
      <TextField.Root
        id={id}
        data-filter={FILTER_WIRE_NAMES[name]}
        type={type}
        list={list}
        placeholder={placeholder}
        inputMode={name.startsWith('price') ? 'decimal' : undefined}
        min={type === 'number' ? 0 : undefined}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => setValue(draft)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setValue(draft);
        }}
      />
    </Field>
  );
}

function SearchField() {
  const [value, setValue] = useAtom(productFilterAtoms.searchValue);
  const [draft, setDraft] = useDraft(value);
  const id = useId();
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => setValue(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only a new draft starts the wait; `value` catching up must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);
  return (
    <Field label="Search" htmlFor={id}>
      <TextField.Root
        id={id}
        data-filter={FILTER_WIRE_NAMES.searchValue}
        type="search"
        placeholder="Title, EAN or SKU"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setValue(draft);
        }}
      />
    </Field>
  );
}

/** Memoised: it reads its own atoms, so a new answer of the list does not render the filters again. */
export const ProductFilterBar = memo(function ProductFilterBar() {
  const filters = useAtomValue(productFiltersAtom);
  const suppliers = useAtomValue(suppliersAtom);
  const categories = useAtomValue(categoriesAtom);
  const familyKeys = useAtomValue(familyKeysAtom);
  const brands = useAtomValue(brandsAtom);
  const [supplier, setSupplier] = useAtom(productFilterAtoms.supplier);
  const [sortBy, setSortBy] = useAtom(productFilterAtoms.sortBy);
  const [categoryId, setCategoryId] = useAtom(productFilterAtoms.categoryId);
  const [bolState, setBolState] = useAtom(productFilterAtoms.bolState);
  const resetAll = useSetAtom(resetAllFiltersAtom);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const familyListId = useId();
  const brandListId = useId();
  const supplierOptions = suppliers.some((s) => s.supplierName === supplier)
    ? suppliers
    : [...suppliers, { supplierId: -1, supplierName: supplier, supplierUrlFeed: '', inProgress: false }];
  const folded = foldedFilterCount(filters);

  return (
    <section aria-label="Filters" className="filter-bar">
      <Flex gap="3" wrap="wrap" align="end">
        <Box className="filter-search">
          <SearchField />
        </Box>
        <ChoiceFilter
          label="Supplier"
          filter={FILTER_WIRE_NAMES.supplier}
          value={supplier}
          options={supplierOptions.map((s) => ({ value: s.supplierName, label: s.supplierName }))}
          onChange={(next) => setSupplier(next || 'All')}
        />
        <YesNoFilter name="passedModeration" label="Moderation" yes="Passed" no="Not passed" />
        <Box className="filter-price">
          <TextFilter name="priceFrom" label="Price from" placeholder="0,00" />
        </Box>
        <Box className="filter-price">
          <TextFilter name="priceTo" label="Price to" placeholder="0,00" />
        </Box>
        <ChoiceFilter label="Sort" filter={FILTER_WIRE_NAMES.sortBy} value={shownSort(sortBy)} options={SORT_OPTIONS} onChange={setSortBy} />
        <Flex gap="2" className="filter-buttons">
          <Button variant="soft" data-frame="more-filters" aria-expanded={moreOpen} aria-controls={moreId} onClick={() => setMoreOpen((open) => !open)}>
            More filters
            {folded > 0 && <Badge color="blue">{folded}</Badge>}
          </Button>
          <Button variant="outline" color="gray" onClick={() => resetAll()}>
            Reset all filters
          </Button>
        </Flex>
      </Flex>
      {moreOpen && (
        <Box id={moreId} className="filter-more">
          <YesNoFilter name="stock" label="Stock" yes="In stock" no="Out of stock" />
          <YesNoFilter name="isExportOnBol" label="Export to bol" yes="Exported" no="Not exported" />
          <YesNoFilter name="description" label="Description" yes="Has one" no="Has none" />
          <YesNoFilter name="isMainProduct" label="Main product" yes="Main" no="Not main" />
          <YesNoFilter name="buyBlock" label="Buy block" yes="Blocked" no="Not blocked" />
          <YesNoFilter name="isChangeEan" label="EAN replaced" yes="Replaced" no="Original" />
          <TextFilter name="brand" label="Brand" list={brandListId} />
          <datalist id={brandListId}>
            {brands.map((brand) => (
              <option key={brand.brandId} value={brand.brandName} />
            ))}
          </datalist>
          <ChoiceFilter
            label="Category"
            filter={FILTER_WIRE_NAMES.categoryId}
            value={categoryId}
            options={[{ value: '', label: 'Every category' }, ...categories.map((c) => ({ value: String(c.categoryId), label: c.categoryName }))]}
            onChange={setCategoryId}
          />
          <TextFilter name="familyKey" label="Family key" list={familyListId} />
          <datalist id={familyListId}>
            {familyKeys.map((key) => (
              <option key={key} value={key} />
            ))}
          </datalist>
          <TextFilter name="numberOfImages" label="Number of images" type="number" />
          <TextFilter name="dateFrom" label="Updated from" type="date" />
          <TextFilter name="dateTo" label="Updated to" type="date" />
          <ChoiceFilter
            label="Bol state"
            filter={FILTER_WIRE_NAMES.bolState}
            value={bolState}
            options={[{ value: '', label: 'Any' }, ...BOL_PRODUCT_STATES.map((state) => ({ value: state, label: BOL_STATE_LABELS[state] }))]}
            onChange={setBolState}
          />
          <YesNoFilter name="hasOffer" label="Offer on bol" yes="Has an offer" no="No offer" />
        </Box>
      )}
    </section>
  );
});

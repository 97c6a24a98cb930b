/**
 * The filters of the product list: the search box (where EANs are scanned too), and the rest folded behind a
 * one-line summary of what is set (docs/product-list.md, "A list that shows the list"). Opened, the
 * panel shows supplier, moderation, price and sort, with the rest folded again under "More filters".
 * The fields come from filter-fields.ts.
 */
import { Badge, Box, Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { memo, useId, useMemo, useState, type ReactNode } from 'react';
import { brandsAtom, categoriesAtom, familyKeysAtom, suppliersAtom } from '../../state/reference-lists';
import { productFilterAtoms, productFiltersAtom, resetAllFiltersAtom } from './product-list-state';
import { FILTER_WIRE_NAMES, type TriState } from './product-list-view';
import { foldedFilterCount, shownSort } from './product-list-rules';
import { filterFields, yesNoOptions, type FilterFields, type YesNoField } from './filter-fields';
import { filterSummaryParts, filterSummaryText } from './filter-summary';
import { SearchBox, useDraft } from './SearchBox';
import { suggestionsFor } from './filter-suggestions';
import { useMessages } from '../../i18n/language';
import { ALL_SUPPLIERS_NAME } from '../../../shared/constants';
import { BOL_STATE_LABELS } from '../../../shared/messages';
import { bolOfferMessages } from '../../../shared/bol-offer-messages';
import { productFilterMessages, type ProductFilterWords } from '../../../shared/product-filter-messages';

/** The bar's words and its fields in the language shown (the same objects while it stays). */
function useFilterWords(): { filter: ProductFilterWords; fields: FilterFields } {
  const filter = useMessages(productFilterMessages, 'productFilter');
  const bolStates = useMessages(BOL_STATE_LABELS, 'bolState');
  const offer = useMessages(bolOfferMessages, 'bolOffer');
  return useMemo(() => ({ filter, fields: filterFields({ filter, bolStates, offer }) }), [filter, bolStates, offer]);
}

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
  // The same elements while the options stay: React then skips them when the value changes (a
  // supplier or category list has hundreds of options).
  const optionElements = useMemo(
    () =>
      options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      )),
    [options],
  );
  return (
    <Field label={label} htmlFor={id}>
      <select id={id} className="choice-select" data-filter={filter} value={value} onChange={(event) => onChange(event.target.value)}>
        {optionElements}
      </select>
    </Field>
  );
}

function YesNoFilter({ field, any }: { field: YesNoField; any: string }) {
  const [value, setValue] = useAtom(productFilterAtoms[field.name]);
  const options = useMemo(() => yesNoOptions(field, any), [field, any]);
  return (
    <ChoiceFilter
      label={field.label}
      filter={FILTER_WIRE_NAMES[field.name]}
      value={value}
      options={options}
      onChange={(next) => setValue(next as TriState)}
    />
  );
}

/**
 * A text filter that applies when the field is left or Enter is pressed (not on every key);
 * `suggestions`: the values it offers, those that go with what is typed (filter-suggestions.ts).
 */
function TextFilter({ name, label, type = 'text', suggestions, placeholder }: {
  name: keyof FilterFields['text'];
  label: string;
  type?: 'text' | 'date' | 'number';
  suggestions?: readonly string[];
  placeholder?: string;
}) {
  const [value, setValue] = useAtom(productFilterAtoms[name]);
  const [draft, setDraft] = useDraft(value);
  const id = useId();
  const listId = useId();
  const shown = useMemo(() => (suggestions ? suggestionsFor(suggestions, draft) : null), [suggestions, draft]);
  return (
    <Field label={label} htmlFor={id}>
      {shown && (
        <datalist id={listId}>
          {shown.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      <TextField.Root
        id={id}
        data-filter={FILTER_WIRE_NAMES[name]}
        type={type}
        list={shown ? listId : undefined}
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

/** Memoised: it reads its own atoms, so a new answer of the list does not render the filters again. */
export const ProductFilterBar = memo(function ProductFilterBar() {
  const filters = useAtomValue(productFiltersAtom);
  const categories = useAtomValue(categoriesAtom);
  const words = useFilterWords();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const summary = filterSummaryText(
    filterSummaryParts(filters, (id) => categories.find((c) => String(c.categoryId) === id)?.categoryName, words),
    words.filter.noneSet,
  );

  return (
    <section aria-label={words.filter.region} className="filter-bar">
      <div className="filter-line">
        <SearchBox />
        <Button
          variant="soft"
          color="gray"
          className="filter-toggle"
          data-testid="filter-toggle"
          data-frame="filter-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          <span className="filter-toggle-label">{words.filter.toggle}</span>
          <span className="filter-summary" data-frame="filter-summary">
            {summary}
          </span>
          <span aria-hidden="true" className="filter-toggle-mark">
            {open ? '▴' : '▾'}
          </span>
        </Button>
      </div>
      {open && <FilterPanel id={panelId} />}
    </section>
  );
});

/** The opened panel: every filter, the less used ones folded under "More filters". */
function FilterPanel({ id }: { id: string }) {
  const { filter: words, fields } = useFilterWords();
  const filters = useAtomValue(productFiltersAtom);
  const suppliers = useAtomValue(suppliersAtom);
  const categories = useAtomValue(categoriesAtom);
  const familyKeys = useAtomValue(familyKeysAtom);
  const brands = useAtomValue(brandsAtom);
  const [supplier, setSupplier] = useAtom(productFilterAtoms.supplier);
  const [sortBy, setSortBy] = useAtom(productFilterAtoms.sortBy);
  const [categoryId, setCategoryId] = useAtom(productFilterAtoms.categoryId);
  const [bolState, setBolState] = useAtom(productFilterAtoms.bolState);
  const [offerState, setOfferState] = useAtom(productFilterAtoms.offerState);
  const resetAll = useSetAtom(resetAllFiltersAtom);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  // The panel renders again with every filter change: its long lists are made once per list (and
  // language), so React skips their options (docs/product-list.md "Speed").
  // A supplier the list does not know (from an address) is added, as the live bar always did.
  const unknownSupplier = suppliers.some((s) => s.supplierName === supplier) ? null : supplier;
  const supplierOptions = useMemo(
    () =>
      [...suppliers.map((s) => s.supplierName), ...(unknownSupplier === null ? [] : [unknownSupplier])].map((name) => ({
        value: name,
        label: name === ALL_SUPPLIERS_NAME ? words.allSuppliers : name,
      })),
    [suppliers, unknownSupplier, words.allSuppliers],
  );
  const categoryOptions = useMemo(
    () => [{ value: '', label: words.everyCategory }, ...categories.map((c) => ({ value: String(c.categoryId), label: c.categoryName }))],
    [categories, words.everyCategory],
  );
  const brandNames = useMemo(() => brands.map((brand) => brand.brandName), [brands]);
  const folded = foldedFilterCount(filters);

  return (
    <div id={id} className="filter-panel">
      <Flex gap="3" wrap="wrap" align="end">
        <ChoiceFilter
          label={words.supplier}
          filter={FILTER_WIRE_NAMES.supplier}
          value={supplier}
          options={supplierOptions}
          onChange={(next) => setSupplier(next || 'All')}
        />
        {fields.yesNo.filter((field) => field.place === 'main').map((field) => (
          <YesNoFilter key={field.name} field={field} any={words.any} />
        ))}
        <Box className="filter-price">
          <TextFilter name="priceFrom" label={fields.text.priceFrom} placeholder="0,00" />
        </Box>
        <Box className="filter-price">
          <TextFilter name="priceTo" label={fields.text.priceTo} placeholder="0,00" />
        </Box>
        <ChoiceFilter label={words.sort} filter={FILTER_WIRE_NAMES.sortBy} value={shownSort(sortBy)} options={fields.sorts} onChange={setSortBy} />
        <Flex gap="2" className="filter-buttons">
          <Button variant="soft" data-frame="more-filters" aria-expanded={moreOpen} aria-controls={moreId} onClick={() => setMoreOpen((isOpen) => !isOpen)}>
            {words.moreFilters}
            {folded > 0 && <Badge color="blue">{folded}</Badge>}
          </Button>
          <Button variant="outline" color="gray" onClick={() => resetAll()}>
            {words.resetAll}
          </Button>
        </Flex>
      </Flex>
      {moreOpen && (
        <Box id={moreId} className="filter-more">
          {fields.yesNo.filter((field) => field.place === 'more').map((field) => (
            <YesNoFilter key={field.name} field={field} any={words.any} />
          ))}
          <TextFilter name="brand" label={fields.text.brand} suggestions={brandNames} />
          <ChoiceFilter
            label={words.category}
            filter={FILTER_WIRE_NAMES.categoryId}
            value={categoryId}
            options={categoryOptions}
            onChange={setCategoryId}
          />
          <TextFilter name="familyKey" label={fields.text.familyKey} suggestions={familyKeys} />
          <TextFilter name="numberOfImages" label={fields.text.numberOfImages} type="number" />
          <TextFilter name="dateFrom" label={fields.text.dateFrom} type="date" />
          <TextFilter name="dateTo" label={fields.text.dateTo} type="date" />
          <ChoiceFilter label={fields.bolState.label} filter={FILTER_WIRE_NAMES.bolState} value={bolState} options={fields.bolState.options} onChange={setBolState} />
          <ChoiceFilter label={fields.offerState.label} filter={FILTER_WIRE_NAMES.offerState} value={offerState} options={fields.offerState.options} onChange={setOfferState} />
        </Box>
      )}
    </div>
  );
}

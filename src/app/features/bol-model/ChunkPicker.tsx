/**
 * 'Choose Bol category': an autocomplete (ARIA combobox) over the data model's categories, with
 * bol's recommendations first while none is assigned. The option box is 300 px wide (docs/requirements.md §9).
 */
import { bolModelMessages } from '../../../shared/bol-model-messages';
import { useMessages } from '../../i18n/language';
import { Text, TextField } from '@radix-ui/themes';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { BolChunk, BolChunkRecommendation } from '../../../shared/bol-contract';
import { messages } from '../../../shared/messages';
import { chunkOptions, recommendationText, type ChunkOption } from './bol-tab-rules';

export interface ChunkPickerProps {
  chunks: readonly BolChunk[];
  recommendations: readonly BolChunkRecommendation[];
  assigned: BolChunk | null;
  disabled: boolean;
  onChoose: (chunk: BolChunk) => void;
}

/** docs/requirements.md §9: the Bol category option box is 300 px wide. */
export const CHUNK_OPTION_BOX_WIDTH = 300;

export function ChunkPicker({ chunks, recommendations, assigned, disabled, onChoose }: ChunkPickerProps) {
  const id = useId();
  const words = useMessages(bolModelMessages, 'bolModel');
  const { chooseCategory } = useMessages(messages).bol;
  const listId = `${id}-options`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const options = useMemo(() => chunkOptions(chunks, recommendations, assigned?.chunkId ?? null, query), [chunks, recommendations, assigned, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(0);
  };
  const choose = (option: ChunkOption) => {
    close();
    if (option.chunkId !== assigned?.chunkId) onChoose({ chunkId: option.chunkId, chunkName: option.chunkName });
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? 0 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      close();
    }
  }

  const activeOption = open ? options[active] : undefined;
  return (
    <div className="chunk-picker">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {chooseCategory}
      </Text>
      <TextField.Root
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${activeOption.chunkId}` : undefined}
        autoComplete="off"
        placeholder={assigned ? assigned.chunkName : words.searchCategories}
        value={open ? query : (assigned?.chunkName ?? '')}
        disabled={disabled}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={close}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={chooseCategory} className="chunk-options" style={{ width: CHUNK_OPTION_BOX_WIDTH }}>
          {options.map((option, index) => {
            const note = recommendationText(option, words);
            return (
              <li
                key={option.chunkId}
                id={`${listId}-${option.chunkId}`}
                role="option"
                aria-selected={index === active}
                className="chunk-option"
                data-active={index === active || undefined}
                // Chosen on mouse down: a click would first blur the input and close the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="chunk-option-name">{option.chunkName}</span>
                {note && <span className="chunk-option-note">{note}</span>}
              </li>
            );
          })}
          {options.length === 0 && (
            <li role="option" aria-disabled="true" aria-selected={false} className="chunk-option-empty">
              {words.noCategoryMatches(query)}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

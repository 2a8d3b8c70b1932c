import { MAX_ADD_ONS, MAX_ADD_ON_FIELDS, MAX_VARIANTS } from '@rr/core';
import {
  moved,
  newAddOnRow,
  newFieldRow,
  newVariantRow,
  type AddOnFieldRow,
  type AddOnRow,
  type OptionErrors,
  type OptionsState,
  type VariantRow,
  type VariantStart,
} from './rows.ts';

export type ListName = 'variants' | 'addOns';
type VariantText = Omit<VariantRow, 'key' | '_id' | 'images' | 'isDefault'>;
type AddOnEdit = Partial<Omit<AddOnRow, 'key' | '_id' | 'fields' | 'variants'>>;
type FieldEdit = Partial<Omit<AddOnFieldRow, 'key'>>;

/** Every edit of the variants and add-ons; new rows get their key from the caller, so this stays pure. */
export type OptionsAction =
  | { type: 'addVariant'; key: string; start?: VariantStart }
  | { type: 'addAddOn'; key: string }
  | { type: 'remove'; list: ListName; key: string }
  | { type: 'move'; list: ListName; key: string; by: -1 | 1 }
  | { type: 'editVariant'; key: string; patch: Partial<VariantText> }
  | { type: 'makeDefault'; key: string }
  | { type: 'editAddOn'; key: string; patch: AddOnEdit }
  | { type: 'limitAddOn'; key: string; variant: string; on: boolean }
  | { type: 'addField'; addOn: string; key: string }
  | { type: 'removeField'; addOn: string; key: string }
  | { type: 'editField'; addOn: string; key: string; patch: FieldEdit }
  | { type: 'showErrors'; errors: OptionErrors };

/** The errors without those of the keys edited (and without the list's own, which an edit may answer). */
function withoutErrors(errors: OptionErrors, ...keys: string[]): OptionErrors {
  const gone = (name: string) => keys.includes(name);
  if (!Object.keys(errors).some(gone)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !gone(name)));
}

/** The error keys of the fields a patch changes (`${row key}.${field}`). */
const editedKeys = (key: string, patch: object) => [key, ...Object.keys(patch).map((field) => `${key}.${field}`)];

function removeVariant(state: OptionsState, key: string): OptionsState {
  const removed = state.variants.find((v) => v.key === key);
  let variants = state.variants.filter((v) => v.key !== key);
  // Exactly one default: the first of the rest when the default goes.
  if (removed?.isDefault && variants.length > 0) variants = variants.map((v, i) => ({ ...v, isDefault: i === 0 }));
  // An add-on limited to the removed variant is no longer limited to it.
  const addOns = removed?._id
    ? state.addOns.map((a) => ({ ...a, variants: a.variants.filter((id) => id !== removed._id) }))
    : state.addOns;
  return { ...state, variants, addOns, errors: withoutErrors(state.errors, 'variants') };
}

function mapAddOn(state: OptionsState, key: string, change: (row: AddOnRow) => AddOnRow): AddOnRow[] {
  return state.addOns.map((row) => (row.key === key ? change(row) : row));
}

function fieldAction(state: OptionsState, action: OptionsAction & { addOn: string }): OptionsState {
  const change = (fields: (list: AddOnFieldRow[]) => AddOnFieldRow[]) =>
    mapAddOn(state, action.addOn, (row) => ({ ...row, fields: fields(row.fields) }));
  switch (action.type) {
    case 'addField':
      return {
        ...state,
        addOns: change((list) => (list.length >= MAX_ADD_ON_FIELDS ? list : [...list, newFieldRow(action.key)])),
      };
    case 'removeField':
      return {
        ...state,
        addOns: change((list) => list.filter((f) => f.key !== action.key)),
        errors: withoutErrors(state.errors, `${action.addOn}.fields`),
      };
    case 'editField':
      return {
        ...state,
        addOns: change((list) => list.map((f) => (f.key === action.key ? { ...f, ...action.patch } : f))),
        errors: withoutErrors(state.errors, `${action.addOn}.fields`, ...editedKeys(action.key, action.patch)),
      };
    default:
      return state;
  }
}

function listAction(state: OptionsState, action: OptionsAction): OptionsState {
  switch (action.type) {
    case 'addVariant': {
      if (state.variants.length >= MAX_VARIANTS) return state;
      const row = newVariantRow(action.key, action.start);
      return { ...state, variants: [...state.variants, { ...row, isDefault: state.variants.length === 0 }] };
    }
    case 'addAddOn':
      return state.addOns.length >= MAX_ADD_ONS
        ? state
        : { ...state, addOns: [...state.addOns, newAddOnRow(action.key)] };
    case 'remove':
      if (action.list === 'variants') return removeVariant(state, action.key);
      return {
        ...state,
        addOns: state.addOns.filter((a) => a.key !== action.key),
        errors: withoutErrors(state.errors, 'addOns'),
      };
    case 'move': {
      const list: Array<{ key: string }> = state[action.list];
      const from = list.findIndex((row) => row.key === action.key);
      return { ...state, [action.list]: moved(list, from, from + action.by) };
    }
    default:
      return state;
  }
}

export function optionsReducer(state: OptionsState, action: OptionsAction): OptionsState {
  switch (action.type) {
    case 'editVariant':
      return {
        ...state,
        variants: state.variants.map((v) => (v.key === action.key ? { ...v, ...action.patch } : v)),
        errors: withoutErrors(state.errors, ...editedKeys(action.key, action.patch)),
      };
    case 'makeDefault':
      return {
        ...state,
        variants: state.variants.map((v) => ({ ...v, isDefault: v.key === action.key })),
        errors: withoutErrors(state.errors, 'variants'),
      };
    case 'editAddOn':
      return {
        ...state,
        addOns: mapAddOn(state, action.key, (row) => ({ ...row, ...action.patch })),
        errors: withoutErrors(state.errors, ...editedKeys(action.key, action.patch)),
      };
    case 'limitAddOn':
      return {
        ...state,
        addOns: mapAddOn(state, action.key, (row) => ({
          ...row,
          variants: action.on
            ? [...new Set([...row.variants, action.variant])]
            : row.variants.filter((id) => id !== action.variant),
        })),
        errors: withoutErrors(state.errors, `${action.key}.variants`),
      };
    case 'addField':
    case 'removeField':
    case 'editField':
      return fieldAction(state, action);
    case 'showErrors':
      return { ...state, errors: action.errors };
    default:
      return listAction(state, action);
  }
}

import { useReducer, useRef, useState, type Dispatch } from 'react';
import { followedFigures, optionsBody, type OptionsBody } from './options-body.ts';
import { checkOptions, errorsAt, serverIssues } from './options-check.ts';
import { optionsReducer, type OptionsAction } from './options-reducer.ts';
import type { Product } from '@rr/core';
import { optionsStateOf, type OptionsState } from './rows.ts';

export interface ProductOptions {
  state: OptionsState;
  dispatch: Dispatch<OptionsAction>;
  /** A key for a new row or text field, unique in this form. */
  newKey: () => string;
  /** The `variants` and `addOns` of the save. */
  body: OptionsBody;
  /**
   * The lists to send: those that differ from what was loaded (each replaces the saved one). A save
   * that did not touch them leaves them out, so it cannot put back stock that orders took meanwhile.
   */
  changed: Array<keyof OptionsBody>;
  /** The product's price, MRP and stock as its variants set them; null without variants. */
  followed: ReturnType<typeof followedFigures>;
  /** Checks the rows (MRPs against `gstPercent`) and shows their errors: true when they may be sent. */
  check: (gstPercent: number) => boolean;
  /** Shows a refusal of the save at the rows it names: false when it names none. */
  showRefusal: (error: unknown) => boolean;
  invalid: boolean;
}

/** Issue 25: the edit form's variants and add-ons, their edits and their errors. */
export function useProductOptions(product: Product): ProductOptions {
  const [state, dispatch] = useReducer(optionsReducer, product, optionsStateOf);
  const count = useRef(0);
  const [loaded] = useState(() => optionsBody(optionsStateOf(product)));
  const body = optionsBody(state);
  const differs = (list: keyof OptionsBody) => JSON.stringify(body[list]) !== JSON.stringify(loaded[list]);
  return {
    state,
    dispatch,
    newKey: () => `new-${++count.current}`,
    body,
    changed: (['variants', 'addOns'] as const).filter(differs),
    followed: followedFigures(body.variants),
    check: (gstPercent) => {
      const issues = checkOptions(body, gstPercent);
      dispatch({ type: 'showErrors', errors: errorsAt(issues, state) ?? {} });
      return issues.length === 0;
    },
    showRefusal: (error) => {
      const errors = errorsAt(serverIssues(error), state);
      if (!errors || Object.keys(errors).length === 0) return false;
      dispatch({ type: 'showErrors', errors });
      return true;
    },
    invalid: Object.keys(state.errors).length > 0,
  };
}

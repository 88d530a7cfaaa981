/** H5 renders real DOM attributes: nothing to add (see template-attributes.ts for the mini-program). */
export {}

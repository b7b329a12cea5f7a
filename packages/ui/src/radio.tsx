import { Choice, type ChoiceProps } from './checkbox.js'

/** A labelled radio button; group radios in a `<fieldset>` with a `<legend>` and one `name`. */
export function Radio(props: ChoiceProps) {
  return <Choice {...props} type="radio" />
}

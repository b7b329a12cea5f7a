import type { ButtonHTMLAttributes, Ref } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: 'small' | 'medium'
  /** Full width of its container (a form's main action on a phone). */
  wide?: boolean
  ref?: Ref<HTMLButtonElement>
}

/** The class names of a button, for a link styled as one (`<a className={buttonClass('primary')}>`). */
export function buttonClass(
  variant: ButtonVariant = 'secondary',
  options: { size?: 'small' | 'medium'; wide?: boolean } = {},
) {
  return [
    'fs-button',
    `fs-button--${variant}`,
    options.size === 'small' ? 'fs-button--small' : '',
    options.wide ? 'fs-button--wide' : '',
  ]
    .filter(Boolean)
    .join(' ')
}

/** A button (`type="button"` unless told otherwise, so it never submits a form by accident). */
export function Button({ variant = 'secondary', size, wide, className, type = 'button', ref, ...rest }: ButtonProps) {
  const classes = buttonClass(variant, { size, wide })
  return <button {...rest} ref={ref} type={type} className={className ? `${classes} ${className}` : classes} />
}

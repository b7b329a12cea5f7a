/** Column conventions shared by every table (decision 0002). */

export type Json = string
export type Bool = 0 | 1

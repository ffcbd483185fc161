import type { Portico } from '@portico/core'
import { createContext } from 'react'

export const PorticoContext = createContext<Portico | null>(null)

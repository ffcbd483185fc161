import { defineConfig } from 'vite'
import { commonConfig } from '../vite-common.ts'

export default defineConfig(commonConfig())

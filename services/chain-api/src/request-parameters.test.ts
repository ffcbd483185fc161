import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { InvalidParameterError } from './chain-api-errors.js'
import { chainIdSchema, evmAddressSchema, parseParameters, projectIdSchema } from './request-parameters.js'

describe('request parameters', () => {
  it('accepts a chain id as CAIP-2 or as a number', () => {
    expect(chainIdSchema.parse('eip155:137')).toBe(137)
    expect(chainIdSchema.parse('137')).toBe(137)
    for (const bad of ['eip155:0', '0', 'eip155:', 'solana:1', '1.5', 'eip155:1:0x', '99999999999999999']) {
      expect(chainIdSchema.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('accepts 40 hex characters with or without 0x, normalised to lower case', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(evmAddressSchema.parse(address)).toBe(address.toLowerCase())
    expect(evmAddressSchema.parse(address.slice(2))).toBe(address.toLowerCase())
    for (const bad of ['0x123', `${address}0`, `0x${'g'.repeat(40)}`]) {
      expect(evmAddressSchema.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('turns the first problem into a 400 naming its parameter', () => {
    const schema = z.object({ projectId: projectIdSchema, address: evmAddressSchema })
    const error = (() => {
      try {
        parseParameters(schema, { address: '0x1' })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(InvalidParameterError)
    expect(error).toMatchObject({
      statusCode: 400,
      parameter: 'projectId',
      message: 'Invalid projectId: is required',
    })
  })
})

import type { ViewName } from '@portico/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { modalStyles } from '../../modal/modal-styles.js'
import { ActionIcon } from './action-icons.js'

describe('the Account actions’ icons', () => {
  it('mirror the generic arrow right to left, and no glyph of its own meaning', () => {
    // A feature's view with no glyph of its own gets the arrow that points the way the text reads.
    expect(renderToString(<ActionIcon view={'SomeFeature' as ViewName} />)).toContain('class="forward-icon"')
    for (const view of ['Send', 'Receive', 'Swap', 'Activity'] as ViewName[])
      expect(renderToString(<ActionIcon view={view} />), view).not.toContain('forward-icon')
    expect(modalStyles).toContain('.forward-icon:dir(rtl){transform:scaleX(-1)}')
  })
})

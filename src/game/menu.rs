//! A vertical list of choices with a `>` marker, shared by the title, pause and solved screens.

use core::ops::Range;

use gb_hal::joypad::{Buttons, InputFrame};

use super::canvas::{Canvas, Layer};
use super::layout::SCREEN_COLS;

pub enum MenuEvent {
    None,
    Chosen(u8),
    /// B: leave the menu.
    Back,
}

pub struct Menu {
    pub items: &'static [&'static [u8]],
    pub selected: u8,
    /// Where the marker column is; items start one column to its right, one row apart.
    pub layer: Layer,
    pub x: u8,
    pub y: u8,
}

impl Menu {
    pub const fn new(items: &'static [&'static [u8]], layer: Layer, x: u8, y: u8) -> Menu {
        Menu { items, selected: 0, layer, x, y }
    }

    /// Up and Down move (wrapping) and move the marker on `canvas`, A or Start choose, B backs
    /// out. Only the marker is redrawn, and only when it moves: the menu itself stays drawn.
    pub fn update(&mut self, input: &InputFrame, canvas: &mut Canvas) -> MenuEvent {
        let count = self.items.len() as u8;
        let before = self.selected;
        if input.triggered.contains(Buttons::UP) {
            self.selected = if self.selected == 0 { count - 1 } else { self.selected - 1 };
        } else if input.triggered.contains(Buttons::DOWN) {
            self.selected = if self.selected + 1 == count { 0 } else { self.selected + 1 };
        }
        if self.selected != before {
            canvas.text(self.layer, self.x, self.y + before, b" ");
            canvas.text(self.layer, self.x, self.y + self.selected, b">");
        }
        if input.pressed.intersects(Buttons::A | Buttons::START) {
            MenuEvent::Chosen(self.selected)
        } else if input.pressed.contains(Buttons::B) {
            MenuEvent::Back
        } else {
            MenuEvent::None
        }
    }

    /// Every item.
    pub fn draw(&self, canvas: &mut Canvas) {
        self.draw_items(canvas, 0..self.items.len() as u8);
    }

    /// The items in `range`, each with its marker in one line of text: a `text` call costs a
    /// few thousand cycles on the console.
    pub fn draw_items(&self, canvas: &mut Canvas, range: Range<u8>) {
        for i in range {
            let item = self.items[usize::from(i)];
            let mut line = [b' '; SCREEN_COLS as usize];
            if i == self.selected {
                line[0] = b'>';
            }
            let len = item.len().min(line.len() - 1);
            line[1..=len].copy_from_slice(&item[..len]);
            canvas.text(self.layer, self.x, self.y + i, &line[..=len]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_input::press;

    #[test]
    fn moves_wrap_and_choices_report_the_item() {
        let mut menu = Menu::new(&[b"ONE", b"TWO", b"THREE"], Layer::Window, 2, 2);
        let mut canvas = Canvas::new();
        menu.draw(&mut canvas);
        assert_eq!(canvas.tile(Layer::Window, 2, 2), crate::assets::font_tile(b'>'));
        assert_eq!(canvas.tile(Layer::Window, 3, 3), crate::assets::font_tile(b'T'));
        assert!(matches!(menu.update(&press(Buttons::UP), &mut canvas), MenuEvent::None));
        assert_eq!(menu.selected, 2);
        assert_eq!(canvas.tile(Layer::Window, 2, 2), crate::assets::font_tile(b' '), "marker left the first item");
        assert_eq!(canvas.tile(Layer::Window, 2, 4), crate::assets::font_tile(b'>'));
        menu.update(&press(Buttons::DOWN), &mut canvas);
        assert_eq!(menu.selected, 0);
        assert_eq!(canvas.tile(Layer::Window, 2, 2), crate::assets::font_tile(b'>'));
        assert!(matches!(menu.update(&press(Buttons::A), &mut canvas), MenuEvent::Chosen(0)));
        assert!(matches!(menu.update(&press(Buttons::B), &mut canvas), MenuEvent::Back));
    }
}

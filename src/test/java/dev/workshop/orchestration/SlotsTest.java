package dev.workshop.orchestration;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SlotsTest {
    @Test
    void aLargerLimitFreesSlotsAtOnceAndASmallerOneWaitsForHoldersToLetGo() {
        Slots slots = new Slots(2);
        assertThat(slots.tryAcquire()).isTrue();
        assertThat(slots.tryAcquire()).isTrue();
        assertThat(slots.tryAcquire()).isFalse();

        slots.resize(3);
        assertThat(slots.tryAcquire()).as("one more at once").isTrue();
        assertThat(slots.limit()).isEqualTo(3);

        slots.resize(1);
        slots.release();
        slots.release();
        assertThat(slots.tryAcquire()).as("two holders left, one still holds: none free under a limit of 1")
                .isFalse();
        slots.release();
        assertThat(slots.tryAcquire()).isTrue();
        assertThat(slots.tryAcquire()).isFalse();
    }

    @Test
    void conversationsTakenOverHaveAReserveOfTwiceTheLimitThatFollowsTheLimit() {
        Slots slots = new Slots(2);
        assertThat(slots.tryAcquire()).isTrue();
        assertThat(slots.tryAcquire()).isTrue();
        for (int i = 0; i < 4; i++) {
            assertThat(slots.tryTakeover()).as("every usual slot busy: the reserve").isTrue();
        }
        assertThat(slots.tryTakeover()).as("twice the limit, no more").isFalse();
        slots.releaseTakeover();
        assertThat(slots.takeoversFree()).isEqualTo(1);

        slots.resize(4);
        assertThat(slots.takeoversFree()).as("a larger limit, a larger reserve").isEqualTo(5);
        slots.resize(2);
        assertThat(slots.takeoversFree()).as("a smaller one, smaller (three still held)").isEqualTo(1);
    }
}

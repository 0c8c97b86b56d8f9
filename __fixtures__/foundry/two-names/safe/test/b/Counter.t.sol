// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Counter} from "../../src/b/Counter.sol";

contract CounterTest is Test {
    Counter internal counter;

    function setUp() public {
        counter = new Counter();
    }

    function testUndoEveryChange() public {
        counter.setNumber(7);
        counter.increment();
        counter.undo(1);
        assertEq(counter.number(), 7);
        counter.undo(1);
        assertEq(counter.number(), 0);
        assertEq(counter.depth(), 0);
    }

    function testUndoSeveralSteps() public {
        counter.setNumber(7);
        counter.increment();
        counter.increment();
        counter.undo(2);
        assertEq(counter.number(), 7);
        assertEq(counter.depth(), 1);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Views that see what a call's set-up decides (gas, warm slots, origin, transient storage, inner
/// calls, writes thrown away): `Executor.view` must answer each as the library's `runCall` does.
contract Viewed {
    uint256 public stored = 7;
    Inner public inner = new Inner();

    /// Gas left after a cold and then a warm read of the same slot: EIP-2929's warm set at work.
    function readGas() external view returns (uint256 afterCold, uint256 afterWarm, uint256 sum) {
        uint256 a = stored;
        afterCold = gasleft();
        uint256 b = stored;
        afterWarm = gasleft();
        sum = a + b;
    }

    function parties() external view returns (address sender, address origin, uint256 number, uint256 time) {
        return (msg.sender, tx.origin, block.number, block.timestamp);
    }

    function innerValue() external view returns (uint256 value, uint256 gas) {
        value = inner.value();
        gas = gasleft();
    }

    /// Writes and answers from what it wrote: a later view must see none of it.
    function writeAndRead(uint256 v) external returns (uint256, uint256) {
        stored = v;
        uint256 t;
        assembly {
            tstore(0, v)
            t := tload(0)
        }
        return (stored, t);
    }

    function transientLeft() external view returns (uint256 t) {
        assembly {
            t := tload(0)
        }
    }

    function fails(uint256 v) external pure returns (uint256) {
        require(v < 10, "too big");
        return v;
    }

    /// Runs out of gas: the answer depends on the gas the frame got.
    function burns() external view returns (uint256 n) {
        while (gasleft() > 1000) n++;
    }
}

contract Inner {
    uint256 public value = 42;
}

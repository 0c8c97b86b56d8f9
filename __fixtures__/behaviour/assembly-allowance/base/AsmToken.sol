// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An ERC-20 whose transferFrom is written in assembly. Head drops the allowance check ("the
/// subtraction cannot underflow for approved spenders"): anyone can move anyone's tokens, and the
/// allowance wraps. Sequence: alice `transferFrom(deployer, alice, 5)` with no approval.
contract AsmToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientAllowance(uint256 allowed, uint256 needed);
    error InsufficientBalance(uint256 available, uint256 needed);

    constructor() {
        balanceOf[msg.sender] = 1_000_000e18;
        totalSupply = 1_000_000e18;
        emit Transfer(address(0), msg.sender, 1_000_000e18);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        uint256 available = balanceOf[msg.sender];
        if (available < amount) revert InsufficientBalance(available, amount);
        balanceOf[msg.sender] = available - amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        bytes4 insufficient = InsufficientAllowance.selector;
        bytes4 poor = InsufficientBalance.selector;
        bytes32 transferTopic = Transfer.selector;
        assembly {
            mstore(0x00, from)
            mstore(0x20, allowance.slot)
            mstore(0x20, keccak256(0x00, 0x40))
            mstore(0x00, caller())
            let allowanceSlot := keccak256(0x00, 0x40)
            let allowed := sload(allowanceSlot)
            if lt(allowed, amount) {
                mstore(0x00, insufficient)
                mstore(0x04, allowed)
                mstore(0x24, amount)
                revert(0x00, 0x44)
            }
            sstore(allowanceSlot, sub(allowed, amount))

            mstore(0x00, from)
            mstore(0x20, balanceOf.slot)
            let fromSlot := keccak256(0x00, 0x40)
            let available := sload(fromSlot)
            if lt(available, amount) {
                mstore(0x00, poor)
                mstore(0x04, available)
                mstore(0x24, amount)
                revert(0x00, 0x44)
            }
            sstore(fromSlot, sub(available, amount))
            mstore(0x00, to)
            let toSlot := keccak256(0x00, 0x40)
            sstore(toSlot, add(sload(toSlot), amount))

            mstore(0x00, amount)
            log3(0x00, 0x20, transferTopic, from, to)
        }
        return true;
    }
}

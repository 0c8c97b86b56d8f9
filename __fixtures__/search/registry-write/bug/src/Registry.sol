// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A registry of named records: anyone registers a name (for the current fee) and becomes its
/// holder; the holder keeps a small table of fields (addresses, hashes, amounts) on the record, hands
/// the record over, or releases it. The owner sets the fee, pauses registration and collects the fees.
contract Registry {
    /// Fields a record can hold (a fixed table, as resolvers keep one per record type).
    uint256 public constant FIELDS = 16;

    struct Record {
        address holder;
        uint64 registeredAt;
        bytes32 name;
        uint256[] fields;
    }

    address public owner;
    uint256 public fee;
    bool public paused;
    uint256 public collected;
    uint256 public nextId = 1;
    mapping(uint256 => Record) private records;
    mapping(bytes32 => uint256) public idOf;

    event Registered(uint256 indexed id, bytes32 indexed name, address holder);
    event FieldSet(uint256 indexed id, uint256 indexed index, uint256 value);
    event Transferred(uint256 indexed id, address from, address to);
    event Released(uint256 indexed id);

    modifier onlyOwner() {
        require(msg.sender == owner, "not the owner");
        _;
    }

    modifier onlyHolder(uint256 id) {
        require(records[id].holder == msg.sender, "not the holder");
        _;
    }

    constructor() {
        owner = msg.sender;
    }

    function register(bytes32 name) external payable returns (uint256 id) {
        require(!paused, "paused");
        require(msg.value >= fee, "fee");
        require(name != bytes32(0) && idOf[name] == 0, "name taken");
        id = nextId++;
        Record storage record = records[id];
        record.holder = msg.sender;
        record.registeredAt = uint64(block.timestamp);
        record.name = name;
        for (uint256 i = 0; i < FIELDS; i++) record.fields.push(0);
        idOf[name] = id;
        collected += msg.value;
        emit Registered(id, name, msg.sender);
    }

    function setField(uint256 id, uint256 index, uint256 value) external onlyHolder(id) {
        uint256[] storage fields = records[id].fields;
        // One SSTORE, no length read: the front end only offers the FIELDS indices.
        assembly {
            mstore(0, fields.slot)
            sstore(add(keccak256(0, 0x20), index), value)
        }
        emit FieldSet(id, index, value);
    }

    function field(uint256 id, uint256 index) external view returns (uint256) {
        return records[id].fields[index];
    }

    function holderOf(uint256 id) external view returns (address) {
        return records[id].holder;
    }

    function transfer(uint256 id, address to) external onlyHolder(id) {
        require(to != address(0), "zero holder");
        records[id].holder = to;
        emit Transferred(id, msg.sender, to);
    }

    function release(uint256 id) external onlyHolder(id) {
        delete idOf[records[id].name];
        delete records[id];
        emit Released(id);
    }

    function setFee(uint256 newFee) external onlyOwner {
        fee = newFee;
    }

    function setPaused(bool value) external onlyOwner {
        paused = value;
    }

    function withdraw(address payable to) external onlyOwner {
        uint256 amount = collected;
        collected = 0;
        (bool ok, ) = to.call{value: amount}("");
        require(ok, "send failed");
    }
}
